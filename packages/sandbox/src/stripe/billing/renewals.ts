import { emit, emitUpdate, runOperation, systemRequest } from '../events.ts';
import { chargeablePaymentMethod, getCustomer } from '../lookup.ts';
import { periodOf } from '../objects/subscription.ts';
import { now, type Ctx, type StripeRuntime } from '../runtime.ts';
import type { AccountEntry, Invoice, Subscription } from '../types.ts';
import {
  collectInvoice,
  createSubscriptionInvoice,
  finalizeInvoice,
  markUncollectible,
  voidInvoice,
} from './invoices.ts';
import { afterInvoiceOutcome, cancelSubscriptionNow } from './status.ts';
import { nextPeriodEnd } from './subscriptions.ts';

const incompleteWindow = 23 * 3_600;
const trialWarning = 3 * 86_400;
const renewing = ['active', 'trialing', 'past_due', 'unpaid'];

/**
 * The account's open invoices by billing subscription: one pass over its invoices for a pass over
 * its subscriptions (one per subscription made a tick over 10,000 of them take minutes).
 */
const openInvoicesBySubscription = (entry: AccountEntry): Map<string, Invoice[]> => {
  const open = new Map<string, Invoice[]>();
  for (const invoice of Object.values(entry.objects.invoices)) {
    const subscription = invoice.parent?.subscription_details?.subscription;
    if (typeof subscription !== 'string' || invoice.status !== 'open') continue;
    open.set(subscription, [...(open.get(subscription) ?? []), invoice]);
  }
  return open;
};

/** Times (Unix seconds) at which something happens to this subscription without anyone asking. */
const dueTimes = (entry: AccountEntry, subscription: Subscription, open: Invoice[]): number[] => {
  const times: number[] = [];
  if (subscription.status === 'incomplete') times.push(subscription.created + incompleteWindow);
  if (
    subscription.status === 'trialing' &&
    subscription.trial_end &&
    !entry.internal.trialWillEndSent[subscription.id]
  ) {
    times.push(subscription.trial_end - trialWarning);
  }
  if (renewing.includes(subscription.status)) times.push(periodOf(subscription).end);
  for (const invoice of open) {
    if (invoice.next_payment_attempt) times.push(invoice.next_payment_attempt);
    if (invoice.due_date && subscription.status === 'active' && invoice.id === subscription.latest_invoice) {
      times.push(invoice.due_date);
    }
  }
  return times;
};

const expireIncomplete = (ctx: Ctx, subscription: Subscription): void => {
  const before = structuredClone(subscription);
  subscription.status = 'incomplete_expired';
  subscription.ended_at = now(ctx);
  const latest = subscription.latest_invoice
    ? ctx.entry.objects.invoices[subscription.latest_invoice]
    : undefined;
  if (latest?.status === 'open') voidInvoice(ctx, latest);
  emitUpdate(ctx, 'customer.subscription.updated', before, subscription);
};

const retryInvoices = (ctx: Ctx, subscription: Subscription): void => {
  for (const invoice of Object.values(ctx.entry.objects.invoices)) {
    if (invoice.parent?.subscription_details?.subscription !== subscription.id) continue;
    if (invoice.status !== 'open' || !invoice.next_payment_attempt || invoice.next_payment_attempt > now(ctx))
      continue;
    if (subscription.status === 'canceled') {
      invoice.next_payment_attempt = null;
      continue;
    }
    const outcome = collectInvoice(ctx, invoice, { automatic: true });
    afterInvoiceOutcome(ctx, invoice, outcome.ok);
  }
};

/** Trial end without a card follows `trial_settings.end_behavior`; returns false when the subscription stops here. */
const endTrial = (ctx: Ctx, subscription: Subscription): boolean => {
  const customer = getCustomer(ctx, subscription.customer);
  const card = chargeablePaymentMethod(ctx, customer, subscription.default_payment_method);
  const behaviour = subscription.trial_settings.end_behavior.missing_payment_method;
  if (card || behaviour === 'create_invoice') return true;
  if (behaviour === 'cancel') {
    cancelSubscriptionNow(ctx, subscription, 'cancellation_requested', null, periodOf(subscription).end);
    return false;
  }
  const before = structuredClone(subscription);
  subscription.status = 'paused';
  emit(ctx, 'customer.subscription.paused', subscription);
  emitUpdate(ctx, 'customer.subscription.updated', before, subscription);
  return false;
};

/** Rolls one period: new item periods, the cycle invoice (licensed in advance, metered in arrears), payment. */
const renewOnce = (ctx: Ctx, subscription: Subscription): boolean => {
  const period = periodOf(subscription);
  if (period.end > now(ctx) || !renewing.includes(subscription.status)) return false;
  if (
    subscription.cancel_at_period_end ||
    (subscription.cancel_at !== null && subscription.cancel_at <= period.end)
  ) {
    cancelSubscriptionNow(ctx, subscription, 'cancellation_requested', null, period.end);
    return false;
  }
  const endingTrial = subscription.status === 'trialing';
  if (endingTrial && !endTrial(ctx, subscription)) return false;
  const before = structuredClone(subscription);
  const next = { start: period.end, end: nextPeriodEnd(subscription, period.end) };
  for (const item of subscription.items.data) {
    item.current_period_start = next.start;
    item.current_period_end = next.end;
  }
  if (endingTrial) subscription.status = 'active';
  const invoice = createSubscriptionInvoice(ctx, subscription, {
    reason: 'subscription_cycle',
    period: next,
    trial: false,
    usagePeriod: endingTrial ? undefined : period,
  });
  subscription.latest_invoice = invoice.id;
  emitUpdate(ctx, 'customer.subscription.updated', before, subscription);
  const pause = subscription.pause_collection?.behavior;
  if (pause === 'keep_as_draft') return true;
  finalizeInvoice(ctx, invoice);
  if (invoice.status !== 'open') return true;
  if (pause === 'void') voidInvoice(ctx, invoice);
  else if (pause === 'mark_uncollectible') markUncollectible(ctx, invoice);
  else if (subscription.collection_method === 'charge_automatically') {
    const outcome = collectInvoice(ctx, invoice, { automatic: true });
    afterInvoiceOutcome(ctx, invoice, outcome.ok);
  }
  return subscription.status !== 'canceled';
};

const advanceSubscription = (ctx: Ctx, subscription: Subscription): void => {
  if (subscription.status === 'incomplete' && subscription.created + incompleteWindow <= now(ctx)) {
    expireIncomplete(ctx, subscription);
    return;
  }
  if (
    subscription.status === 'trialing' &&
    subscription.trial_end &&
    subscription.trial_end - trialWarning <= now(ctx) &&
    !ctx.entry.internal.trialWillEndSent[subscription.id]
  ) {
    ctx.entry.internal.trialWillEndSent[subscription.id] = now(ctx);
    emit(ctx, 'customer.subscription.trial_will_end', subscription);
  }
  retryInvoices(ctx, subscription);
  const latest = subscription.latest_invoice
    ? ctx.entry.objects.invoices[subscription.latest_invoice]
    : undefined;
  if (
    subscription.collection_method === 'send_invoice' &&
    subscription.status === 'active' &&
    latest?.status === 'open' &&
    latest.due_date !== null &&
    latest.due_date <= now(ctx)
  ) {
    const before = structuredClone(subscription);
    subscription.status = 'past_due';
    emitUpdate(ctx, 'customer.subscription.updated', before, subscription);
  }
  for (let guard = 0; guard < 240 && renewOnce(ctx, subscription); guard += 1);
};

/** Does everything that is due at the clock's current time, account by account. */
export const processDue = (rt: StripeRuntime): void => {
  const current = rt.clock.now();
  for (const entry of rt.store.entries()) {
    // Processing a subscription changes only its own invoices, so the index holds for the others.
    const open = openInvoicesBySubscription(entry);
    for (const subscription of Object.values(entry.objects.subscriptions)) {
      if (dueTimes(entry, subscription, open.get(subscription.id) ?? []).some((time) => time <= current)) {
        runOperation(rt, entry.account.id, systemRequest, (ctx) => advanceSubscription(ctx, subscription));
      }
    }
  }
};

const nextDue = (rt: StripeRuntime, after: number): number | undefined => {
  let earliest: number | undefined;
  for (const entry of rt.store.entries()) {
    const open = openInvoicesBySubscription(entry);
    for (const subscription of Object.values(entry.objects.subscriptions)) {
      for (const time of dueTimes(entry, subscription, open.get(subscription.id) ?? [])) {
        if (time > after && (earliest === undefined || time < earliest)) earliest = time;
      }
    }
  }
  return earliest;
};

/**
 * Moves the clock forward by `seconds`, stopping at every moment something is due on the way
 * (renewals, retries, trial warnings) so events carry the times Stripe would have sent them at.
 */
export const advanceClock = (rt: StripeRuntime, seconds: number): void => {
  const target = rt.clock.now() + Math.floor(seconds);
  processDue(rt);
  for (let guard = 0; guard < 10_000; guard += 1) {
    const next = nextDue(rt, rt.clock.now());
    if (next === undefined || next > target) break;
    rt.clock.shift(next - rt.clock.now());
    processDue(rt);
  }
  rt.clock.shift(Math.max(0, target - rt.clock.now()));
  processDue(rt);
};
