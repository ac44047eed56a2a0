import { describe, expect, it } from 'vitest';
import { plans } from '@billbridge/contract';
import { priceDisplay } from './plan-price.ts';

describe('priceDisplay', () => {
  it('shows a custom price for a plan without one', () => {
    expect(priceDisplay(plans.enterprise)).toEqual({ kind: 'custom' });
  });

  it('shows the plan title for a free plan', () => {
    expect(priceDisplay(plans.free)).toEqual({ kind: 'title' });
  });

  it('shows the currency symbol and the monthly price of a paid plan', () => {
    expect(priceDisplay(plans.pro)).toEqual({ kind: 'amount', amount: '$49' });
    expect(priceDisplay(plans.business)).toEqual({ kind: 'amount', amount: '$299' });
  });
});
