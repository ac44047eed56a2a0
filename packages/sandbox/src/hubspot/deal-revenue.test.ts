import { describe, expect, it } from 'vitest';
import { lineItemRevenue, lineItemRevenueValues, termMonths } from './deal-revenue.ts';

describe('a line item’s share of its deal’s revenue (rule deal-revenue-from-line-items)', () => {
  it('reads a term in months, years, days or weeks, and assumes 12 months without one', () => {
    expect(termMonths('P6M')).toBe(6);
    expect(termMonths('P2Y3M')).toBe(27);
    expect(termMonths('P365D')).toBeCloseTo(12, 12);
    expect(termMonths('P26W')).toBe(6);
    expect(termMonths(null)).toBe(12);
  });

  it.each([
    ['monthly', 'monthly', undefined, { hs_mrr: 30, hs_arr: 360, hs_acv: 360, hs_tcv: 360 }],
    ['quarterly over 6 months', 'quarterly', 'P6M', { hs_mrr: 10, hs_arr: 120, hs_acv: 60, hs_tcv: 60 }],
    ['yearly over 3 years', 'annually', 'P3Y', { hs_mrr: 2.5, hs_arr: 30, hs_acv: 30, hs_tcv: 90 }],
    ['every two weeks', 'biweekly', undefined, { hs_mrr: 65, hs_arr: 780, hs_acv: 780, hs_tcv: 780 }],
    ['one-time', undefined, undefined, { hs_mrr: 0, hs_arr: 0, hs_acv: 30, hs_tcv: 30 }],
  ])('a net price of 30.00 billed %s', (_label, frequency, term, expected) => {
    const revenue = lineItemRevenue({
      amount: '30',
      recurringbillingfrequency: frequency ?? null,
      hs_recurring_billing_period: term ?? null,
    });
    for (const [name, value] of Object.entries(expected))
      expect(revenue[name as keyof typeof revenue]).toBeCloseTo(value, 9);
  });

  it('is written as HubSpot writes numbers, without binary noise', () => {
    expect(lineItemRevenueValues({ amount: '60', recurringbillingfrequency: 'biweekly' })).toEqual({
      hs_mrr: '130',
      hs_arr: '1560',
      hs_acv: '1560',
      hs_tcv: '1560',
    });
  });
});
