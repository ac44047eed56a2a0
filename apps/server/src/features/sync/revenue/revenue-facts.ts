import type Stripe from 'stripe';
import type { PaymentStatus } from '@billbridge/contract';
import { monthlyValue } from '../../inbox/mapping/recurring-value.ts';

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

/** Subscription statuses that bill (a trial has not paid yet; Stripe's subscription lifecycle). */
const billingStatuses = new Set(['active', 'past_due', 'unpaid']);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * The monthly amount while the subscription bills, after its coupons (`monthlyValue`, the rule the
 * deal's line items follow too).
 */
export const monthlyOfSubscription = (subscription: Stripe.Subscription): number =>
  billingStatuses.has(subscription.status) ? Math.max(0, monthlyValue(subscription)) : 0;

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
