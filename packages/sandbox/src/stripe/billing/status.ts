import { emit, emitUpdate } from '../events.ts';
import { subscriptionOfInvoice } from '../lookup.ts';
import { now, type Ctx } from '../runtime.ts';
import type { Invoice, Subscription } from '../types.ts';

/** Ends a subscription now (`customer.subscription.deleted`). */
export const cancelSubscriptionNow = (
  ctx: Ctx,
  subscription: Subscription,
  reason: 'cancellation_requested' | 'payment_failed' | 'payment_disputed',
  comment: string | null = null,
  at: number = now(ctx),
): void => {
  subscription.status = 'canceled';
  subscription.canceled_at = subscription.canceled_at ?? at;
  subscription.ended_at = at;
  subscription.cancel_at_period_end = false;
  subscription.cancellation_details = { comment, feedback: null, reason };
  emit(ctx, 'customer.subscription.deleted', subscription);
};

/**
 * What an invoice payment does to its subscription: paid → `active` (from incomplete, past_due or
 * unpaid), failed → `past_due`, and after the last automatic retry, cancellation (Stripe's default
 * "cancel the subscription if all retries fail").
 */
export const afterInvoiceOutcome = (ctx: Ctx, invoice: Invoice, paid: boolean): void => {
  const subscription = subscriptionOfInvoice(ctx, invoice);
  if (!subscription || subscription.latest_invoice !== invoice.id) return;
  const before = structuredClone(subscription);
  if (paid) {
    if (['incomplete', 'past_due', 'unpaid'].includes(subscription.status)) subscription.status = 'active';
    emitUpdate(ctx, 'customer.subscription.updated', before, subscription);
    return;
  }
  if (invoice.billing_reason === 'subscription_create') return;
  if (subscription.status === 'active' || subscription.status === 'trialing')
    subscription.status = 'past_due';
  emitUpdate(ctx, 'customer.subscription.updated', before, subscription);
  const gaveUp = invoice.next_payment_attempt === null && invoice.attempt_count > 0;
  if (gaveUp && subscription.collection_method === 'charge_automatically' && invoice.attempt_count > 3) {
    cancelSubscriptionNow(ctx, subscription, 'payment_failed');
  }
};
