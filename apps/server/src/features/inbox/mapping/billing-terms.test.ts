import { describe, expect, it } from 'vitest';
import { billingFrequency, describeInterval, hubspotBilling, termOf, utcDate } from './billing-terms.ts';

describe('billingFrequency', () => {
  it.each([
    ['week', 1, 'weekly'],
    ['week', 2, 'biweekly'],
    ['month', 1, 'monthly'],
    ['month', 3, 'quarterly'],
    ['month', 6, 'per_six_months'],
    ['month', 12, 'annually'],
    ['year', 1, 'annually'],
    ['year', 2, 'per_two_years'],
    ['year', 3, 'per_three_years'],
    ['month', 48, 'per_four_years'],
    ['year', 5, 'per_five_years'],
  ] as const)('%s × %i → %s', (interval, count, frequency) => {
    expect(billingFrequency({ interval, interval_count: count })).toBe(frequency);
  });

  it.each([
    ['day', 1],
    ['day', 7],
    ['week', 3],
    ['month', 5],
    ['month', 18],
    ['year', 6],
  ] as const)('has none for %s × %i', (interval, count) => {
    expect(billingFrequency({ interval, interval_count: count })).toBeUndefined();
  });

  it('names the interval', () => {
    expect(describeInterval({ interval: 'month', interval_count: 5 })).toBe('every 5 months');
    expect(describeInterval({ interval: 'day', interval_count: 1 })).toBe('every day');
  });
});

describe('hubspotBilling', () => {
  it.each([
    ['month', 3, 'quarterly', 1],
    ['week', 2, 'biweekly', 1],
    ['week', 4, 'weekly', 1 / 4],
    ['month', 2, 'monthly', 1 / 2],
    ['month', 18, 'monthly', 1 / 18],
    ['day', 30, 'monthly', 365 / 12 / 30],
  ] as const)(
    'writes every %s × %i as %s at %d of the price (a frequency HubSpot has keeps the price)',
    (interval, count, frequency, scale) => {
      const billing = hubspotBilling({ interval, interval_count: count });
      expect(billing.frequency).toBe(frequency);
      expect(billing.scale).toBeCloseTo(scale, 12);
    },
  );
});

describe('termOf', () => {
  const start = Date.UTC(2026, 0, 15) / 1000;
  const monthly = { interval: 'month', interval_count: 1 } as const;
  it('is the whole months from the start to the end date, rounded up', () => {
    expect(termOf(monthly, start, Date.UTC(2027, 0, 15) / 1000)).toBe('P12M');
    expect(termOf(monthly, start, Date.UTC(2026, 3, 15) / 1000)).toBe('P3M');
    expect(termOf(monthly, start, Date.UTC(2026, 3, 20) / 1000)).toBe('P4M');
    expect(termOf({ interval: 'year', interval_count: 1 }, start, start + 86_400)).toBe('P1M');
  });

  it('is in weeks for a weekly price', () => {
    expect(termOf({ interval: 'week', interval_count: 2 }, start, start + 12 * 7 * 86_400)).toBe('P12W');
  });

  it('is absent for a subscription that renews until canceled', () => {
    expect(termOf(monthly, start, null)).toBeUndefined();
  });
});

it('utcDate gives the UTC calendar day', () => {
  expect(utcDate(Date.UTC(2026, 10, 24, 23, 59) / 1000)).toBe('2026-11-24');
  expect(utcDate(null)).toBeUndefined();
});
