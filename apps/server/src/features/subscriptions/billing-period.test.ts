import { describe, expect, it } from 'vitest';
import { oneMonthAfter } from './billing-period.ts';

describe('oneMonthAfter', () => {
  it('ends a period on the same day and time next month', () => {
    expect(oneMonthAfter(new Date('2026-03-15T10:20:30.000Z')).toISOString()).toBe(
      '2026-04-15T10:20:30.000Z',
    );
  });

  it('ends on the last day of a shorter month', () => {
    expect(oneMonthAfter(new Date('2026-01-31T08:00:00.000Z')).toISOString()).toBe(
      '2026-02-28T08:00:00.000Z',
    );
    expect(oneMonthAfter(new Date('2028-01-31T08:00:00.000Z')).toISOString()).toBe(
      '2028-02-29T08:00:00.000Z',
    );
  });

  it('crosses the year', () => {
    expect(oneMonthAfter(new Date('2026-12-31T23:59:59.000Z')).toISOString()).toBe(
      '2027-01-31T23:59:59.000Z',
    );
  });
});
