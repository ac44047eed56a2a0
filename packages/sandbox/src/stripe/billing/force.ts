import { emit, emitUpdate } from '../events.ts';
import { invalidRequest } from '../errors.ts';
import { chargeablePaymentMethod, getCustomer, getSubscription } from '../lookup.ts';
import { periodOf } from '../objects/subscription.ts';
import { now, type Ctx } from '../runtime.ts';
import type { Invoice, Subscription, SubscriptionStatus } from '../types.ts';
import { collectInvoice, createSubscriptionInvoice, finalizeInvoice, markPaid } from './invoices.ts';
import type { Force } from './payments.ts';
import { afterInvoiceOutcome, cancelSubscriptionNow } from './status.ts';
import { resumeSubscription } from './subscriptions.ts';

const openLatestInvoice = (ctx: Ctx, subscription: Subscription): Invoice => {
  const latest = subscription.latest_invoice
    ? ctx.entry.objects.invoices[subscription.latest_invoice]
    : undefined;
  if (latest?.status === 'open') return latest;
  const invoice = createSubscriptionInvoice(ctx, subscription, {
    reason: 'subscription_cycle',
    period: periodOf(subscription),
    trial: false,
  });
  subscription.latest_invoice = invoice.id;
  finalizeInvoice(ctx, invoice);
  return invoice;
};

/** Pays (or fails) an open invoice from the control page, whatever the card would have said. */
export const settleInvoice = (ctx: Ctx, invoice: Invoice, force: Exclude<Force, undefined>): void => {
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
    throw invalidRequest(
      `Invoice ${invoice.id} is ${invoice.status}; only open or uncollectible invoices can be paid or failed.`,
    );
  }
  const customer = getCustomer(ctx, invoice.customer);
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  const subscription = subscriptionId ? ctx.entry.objects.subscriptions[subscriptionId] : undefined;
  const card = chargeablePaymentMethod(ctx, customer, subscription?.default_payment_method);
  if (force === 'succeed' && !card) markPaid(ctx, invoice, 'out_of_band');
  else {
    const outcome = collectInvoice(ctx, invoice, { force, automatic: true });
    afterInvoiceOutcome(ctx, invoice, outcome.ok);
    return;
  }
  afterInvoiceOutcome(ctx, invoice, true);
};

/**
 * Moves a subscription to a status from the control page, with the side effects Stripe would show
 * on the way there (invoices paid or failed, trial dates), and the matching events.
 */
export const forceSubscriptionStatus = (ctx: Ctx, id: string, status: SubscriptionStatus): Subscription => {
  const subscription = getSubscription(ctx, id);
  if (subscription.status === status) return subscription;
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    throw invalidRequest(`Subscription ${id} is ${subscription.status}, which is final.`);
  }
  if (status === 'canceled') {
    cancelSubscriptionNow(ctx, subscription, 'cancellation_requested');
    return subscription;
  }
  if (subscription.status === 'paused' && status === 'active') return resumeSubscription(ctx, id);
  if (status === 'active' || status === 'past_due' || status === 'unpaid') {
    if (subscription.status === 'trialing') {
      const before = structuredClone(subscription);
      subscription.trial_end = now(ctx);
      subscription.status = 'active';
      emitUpdate(ctx, 'customer.subscription.updated', before, subscription);
    }
    const invoice = openLatestInvoice(ctx, subscription);
    if (invoice.status === 'open') settleInvoice(ctx, invoice, status === 'active' ? 'succeed' : 'fail');
  }
  const before = structuredClone(subscription);
  if (subscription.status !== status) {
    subscription.status = status;
    if (status === 'trialing') {
      subscription.trial_start = now(ctx);
      subscription.trial_end = now(ctx) + 7 * 86_400;
      for (const item of subscription.items.data) item.current_period_end = subscription.trial_end;
    }
    if (status === 'incomplete_expired') subscription.ended_at = now(ctx);
    if (status === 'paused') emit(ctx, 'customer.subscription.paused', subscription);
    if (before.status === 'paused') emit(ctx, 'customer.subscription.resumed', subscription);
  }
  emitUpdate(ctx, 'customer.subscription.updated', before, subscription);
  return subscription;
};
