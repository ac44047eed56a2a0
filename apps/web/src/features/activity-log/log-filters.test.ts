import { describe, expect, it } from 'vitest';
import { dayToSeconds, isRangeInverted, noFilters, queryOf, retryRangeOf } from './log-filters.ts';

const local = (text: string) => Math.floor(new Date(text).getTime() / 1000);

describe('activity log filters', () => {
  it('turns days into the first and last second of the local day', () => {
    expect(dayToSeconds('2026-11-03')).toBe(local('2026-11-03T00:00:00'));
    expect(dayToSeconds('2026-11-03', true)).toBe(local('2026-11-03T23:59:59'));
    expect(dayToSeconds('')).toBeUndefined();
    expect(dayToSeconds('3 Nov')).toBeUndefined();
  });

  it('sends only what was chosen, with the page', () => {
    expect(queryOf(noFilters, 1, 20)).toEqual({ page: 1, pageSize: 20 });
    expect(queryOf({ status: 'held', type: 'invoice', fromDay: '2026-11-01', toDay: '' }, 2, 50)).toEqual({
      status: 'held',
      type: 'invoice',
      from: local('2026-11-01T00:00:00'),
      page: 2,
      pageSize: 50,
    });
  });

  it('retries failed events in the chosen range, open ends from the start and up to now', () => {
    expect(retryRangeOf(noFilters, 1_800_000_000)).toEqual({ from: 0, to: 1_800_000_000 });
    expect(retryRangeOf({ ...noFilters, toDay: '2026-11-03' }, 1_800_000_000)).toEqual({
      from: 0,
      to: local('2026-11-03T23:59:59'),
    });
  });

  it('knows a range that ends before it starts', () => {
    expect(isRangeInverted({ ...noFilters, fromDay: '2026-11-04', toDay: '2026-11-03' })).toBe(true);
    expect(isRangeInverted({ ...noFilters, fromDay: '2026-11-03', toDay: '2026-11-03' })).toBe(false);
  });
});
