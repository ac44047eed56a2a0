import type Stripe from 'stripe';
import type { PaymentStatus } from '@billbridge/contract';

/** What one Stripe object adds to its customer's revenue (the `revenue_fact` row, decision 073). */
export type RevenueFact = {
  stripeObjectId: string;
  kind: 'subscription' | 'invoice' | 'charge' | 'dispute';
  stripeCustomerId: string | null;
  currency: string;
  monthly: number;
  status: string | null;
  paid: number;
  refunded: number;
  paymentStatus: PaymentStatus | null;
  paymentAt: number | null;
  paidAt: number | null;
  eventCreated: number;
};

/** Months per billing interval: a year is 12, a week 12/52 of none… Stripe's `recurring.interval`. */
const monthsPer: Record<Stripe.Price.Recurring.Interval, number> = {
  day: 12 / 365,
  week: 12 / 52,
  month: 1,
  year: 12,
};

/** Subscription statuses that bill (a trial has not paid yet; Stripe's subscription lifecycle). */
const billingStatuses = new Set(['active', 'past_due', 'unpaid']);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * An item's amount per month in minor units: unit amount × quantity over the months of its
 * interval. Metered prices bill usage afterwards and have no fixed amount: 0. Tiered prices are
 * read from their first tier's unit and flat amounts, the amount a licensed quantity there costs.
 */
export const monthlyOfItem = (item: Stripe.SubscriptionItem): number => {
  const { price } = item;
  const recurring = price.recurring;
  if (!recurring || recurring.usage_type === 'metered') return 0;
  const quantity = item.quantity ?? 1;
  const unit = Number(price.unit_amount_decimal ?? price.unit_amount ?? 0);
  const tier = price.tiers?.[0];
  const perPeriod =
    price.billing_scheme === 'tiered' && tier
      ? Number(tier.unit_amount_decimal ?? tier.unit_amount ?? 0) * quantity + (tier.flat_amount ?? 0)
      : unit * quantity;
  return perPeriod / ((monthsPer[recurring.interval] ?? 1) * recurring.interval_count);
};

type CouponLike = Pick<Stripe.Coupon, 'percent_off' | 'amount_off' | 'duration'> & {
  currency?: string | null;
};

/** The coupons a subscription's discounts apply, where Stripe sent them expanded. */
const couponsOf = (subscription: Stripe.Subscription): CouponLike[] =>
  (subscription.discounts ?? []).flatMap((discount) => {
    if (typeof discount === 'string') return [];
    const legacy = (discount as { coupon?: CouponLike }).coupon;
    const source = (discount as { source?: { coupon?: CouponLike | string | null } }).source?.coupon;
    const coupon = legacy ?? (typeof source === 'object' ? source : undefined);
    return coupon ? [coupon] : [];
  });

/** The monthly amount after the subscription's coupons: percentages first, then fixed amounts (per month). */
export const monthlyOfSubscription = (subscription: Stripe.Subscription): number => {
  if (!billingStatuses.has(subscription.status)) return 0;
  const gross = subscription.items.data.reduce((sum, item) => sum + monthlyOfItem(item), 0);
  const coupons = couponsOf(subscription);
  const percent = coupons.reduce((left, coupon) => left * (1 - (coupon.percent_off ?? 0) / 100), 1);
  const fixed = coupons.reduce((sum, coupon) => sum + (coupon.amount_off ?? 0), 0);
  return Math.max(0, gross * percent - fixed);
};

const subscriptionFact = (subscription: Stripe.Subscription, created: number): RevenueFact => ({
  ...noPayment(subscription.id, 'subscription', created),
  stripeCustomerId: idOf(subscription.customer),
  currency: subscription.currency,
  monthly: monthlyOfSubscription(subscription),
  status: subscription.status,
});

const noPayment = (id: string, kind: RevenueFact['kind'], created: number): RevenueFact => ({
  stripeObjectId: id,
  kind,
  stripeCustomerId: null,
  currency: '',
  monthly: 0,
  status: null,
  paid: 0,
  refunded: 0,
  paymentStatus: null,
  paymentAt: null,
  paidAt: null,
  eventCreated: created,
});

/**
 * A paid invoice counts its amount paid; an open one Stripe tried to collect is a failed payment.
 * A paid invoice of nothing (a trial's first invoice, a 100 % coupon) is no payment: it sets no
 * payment date or status.
 */
const invoiceFact = (invoice: Stripe.Invoice, type: string, created: number): RevenueFact => {
  const paid = invoice.status === 'paid' && invoice.amount_paid > 0;
  const paidAt = paid ? (invoice.status_transitions?.paid_at ?? created) : null;
  const failed =
    invoice.status !== 'paid' &&
    (type === 'invoice.payment_failed' || (invoice.status === 'open' && invoice.attempted));
  return {
    ...noPayment(invoice.id ?? '', 'invoice', created),
    stripeCustomerId: idOf(invoice.customer),
    currency: invoice.currency,
    paid: paidAt ? invoice.amount_paid : 0,
    paidAt,
    paymentStatus: paidAt ? 'succeeded' : failed ? 'failed' : null,
    paymentAt: paidAt ?? (failed ? created : null),
  };
};

/** A charge counts what was refunded of it (its payment is counted by its invoice). */
const chargeFact = (charge: Stripe.Charge, created: number): RevenueFact => ({
  ...noPayment(charge.id, 'charge', created),
  stripeCustomerId: idOf(charge.customer),
  currency: charge.currency,
  refunded: charge.amount_refunded,
  paymentStatus: charge.amount_refunded > 0 ? 'refunded' : null,
  paymentAt: charge.amount_refunded > 0 ? created : null,
});

/** A dispute names its charge only: its customer is the charge's (`customerOfCharge`). */
const disputeFact = (dispute: Stripe.Dispute, created: number): RevenueFact => ({
  ...noPayment(dispute.id, 'dispute', created),
  currency: dispute.currency,
  status: idOf(dispute.charge),
  paymentStatus: 'disputed',
  paymentAt: dispute.created,
});

/** The fact an event's object gives, or undefined where it says nothing about revenue. */
export const revenueFactOf = (type: string, object: unknown, created: number): RevenueFact | undefined => {
  const kind = (object as { object?: string } | null)?.object;
  if (kind === 'subscription') return subscriptionFact(object as Stripe.Subscription, created);
  if (kind === 'invoice' && (object as Stripe.Invoice).id)
    return invoiceFact(object as Stripe.Invoice, type, created);
  if (kind === 'charge') return chargeFact(object as Stripe.Charge, created);
  if (kind === 'dispute' && type === 'charge.dispute.created')
    return disputeFact(object as Stripe.Dispute, created);
  return undefined;
};
