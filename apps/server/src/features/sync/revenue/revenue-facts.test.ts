import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { monthlyOfSubscription, revenueFactOf } from './revenue-facts.ts';

const item = (price: Partial<Stripe.Price>, quantity = 1) =>
  ({ quantity, price: { billing_scheme: 'per_unit', ...price } }) as Stripe.SubscriptionItem;
const monthly = (amount: number): Partial<Stripe.Price> => ({
  unit_amount: amount,
  recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' } as Stripe.Price.Recurring,
});
const subscription = (items: Stripe.SubscriptionItem[], extra: Record<string, unknown> = {}) =>
  ({ status: 'active', items: { data: items }, discounts: [], ...extra }) as unknown as Stripe.Subscription;

describe('a subscription’s monthly amount', () => {
  it('applies expanded coupons: percentages, then fixed amounts', () => {
    const discounts = [
      { source: { coupon: { percent_off: 25, amount_off: null } } },
      { coupon: { percent_off: null, amount_off: 500 } },
      'di_unexpanded',
    ];
    // 100.00 − 25 % = 75.00, − 5.00 = 70.00.
    expect(monthlyOfSubscription(subscription([item(monthly(10_000))], { discounts }))).toBe(7000);
  });

  it('reads a tiered price from its first tier, and a day interval as 365/12 days a month', () => {
    const tiered = item(
      {
        ...monthly(0),
        billing_scheme: 'tiered',
        tiers: [{ unit_amount: 1000, flat_amount: 500 }] as Stripe.Price.Tier[],
      },
      4,
    );
    expect(monthlyOfSubscription(subscription([tiered]))).toBe(4500);
    const daily = item({
      unit_amount: 100,
      recurring: { interval: 'day', interval_count: 1, usage_type: 'licensed' } as Stripe.Price.Recurring,
    });
    expect(monthlyOfSubscription(subscription([daily]))).toBeCloseTo((100 * 365) / 12, 6);
  });

  it('counts nothing for a trial, a canceled or an incomplete subscription', () => {
    for (const status of ['trialing', 'canceled', 'incomplete', 'paused'])
      expect(monthlyOfSubscription(subscription([item(monthly(1000))], { status }))).toBe(0);
    expect(monthlyOfSubscription(subscription([item(monthly(1000))], { status: 'past_due' }))).toBe(1000);
  });
});

describe('the fact an event gives', () => {
  it('reads a dispute only when it is opened, and nothing from other objects', () => {
    const dispute = { object: 'dispute', id: 'dp_1', charge: 'ch_1', currency: 'usd', created: 5 };
    expect(revenueFactOf('charge.dispute.created', dispute, 9)).toMatchObject({
      kind: 'dispute',
      paymentStatus: 'disputed',
      paymentAt: 5,
    });
    expect(revenueFactOf('charge.dispute.closed', dispute, 9)).toBeUndefined();
    expect(revenueFactOf('product.created', { object: 'product', id: 'prod_1' }, 9)).toBeUndefined();
  });

  it('counts a paid invoice of nothing (a trial’s first one) as no payment, and a paid one from its day', () => {
    const invoice = (amount_paid: number) => ({
      object: 'invoice',
      id: 'in_1',
      customer: 'cus_1',
      currency: 'usd',
      status: 'paid',
      amount_paid,
      status_transitions: { paid_at: 7 },
    });
    expect(revenueFactOf('invoice.paid', invoice(0), 9)).toMatchObject({
      paid: 0,
      paidAt: null,
      paymentStatus: null,
      paymentAt: null,
    });
    expect(revenueFactOf('invoice.paid', invoice(4900), 9)).toMatchObject({
      paid: 4900,
      paidAt: 7,
      paymentStatus: 'succeeded',
      paymentAt: 7,
    });
  });
});
