import { addInterval } from '../clock.ts';
import { declineFor } from '../cards.ts';
import { emit, emitFirst, emitUpdate } from '../events.ts';
import { cardError, invalidRequest, missingParam } from '../errors.ts';
import { stripeId } from '../ids.ts';
import { chargeablePaymentMethod, getCustomer, getSubscription } from '../lookup.ts';
import { buildItem, buildSubscription } from '../objects/subscription.ts';
import { resolvePaymentMethod } from '../ops/payment-methods.ts';
import { asParams, bool, int, list, metadata, nullableStr, obj, oneOf, str, type Params } from '../params.ts';
import { now, type Ctx } from '../runtime.ts';
import type { Price, Subscription } from '../types.ts';
import { collectInvoice, createSubscriptionInvoice, finalizeInvoice, voidInvoice } from './invoices.ts';
import { afterInvoiceOutcome, cancelSubscriptionNow } from './status.ts';
import { checkRecurring, interval, nextPeriodEnd, priceOfItem, sameInterval } from './subscription-items.ts';

export { cancelSubscriptionNow } from './status.ts';
export { updateSubscription } from './subscription-update.ts';
export { nextPeriodEnd } from './subscription-items.ts';

const trialEndOf = (ctx: Ctx, params: Params, prices: Price[]): number | null => {
  const trialEnd = str(params, 'trial_end');
  if (trialEnd === 'now') return null;
  if (trialEnd) {
    const value = Number(trialEnd);
    if (!Number.isInteger(value) || value <= now(ctx)) {
      throw invalidRequest(
        'Invalid timestamp: must be an integer Unix timestamp in the future.',
        'trial_end',
      );
    }
    return value;
  }
  const days =
    int(params, 'trial_period_days') ??
    (bool(params, 'trial_from_plan') ? prices[0]?.recurring?.trial_period_days : null);
  return days ? now(ctx) + days * 86_400 : null;
};

/** `POST /v1/subscriptions`: the subscription, its first invoice, and a payment attempt unless told otherwise. */
export const createSubscription = (ctx: Ctx, params: Params): Subscription => {
  const customerId = str(params, 'customer');
  if (!customerId) throw missingParam('customer');
  const customer = getCustomer(ctx, customerId);
  const rawItems = list(params, 'items');
  if (!rawItems || rawItems.length === 0) throw missingParam('items');
  const paymentBehavior =
    oneOf(params, 'payment_behavior', [
      'allow_incomplete',
      'default_incomplete',
      'error_if_incomplete',
      'pending_if_incomplete',
    ] as const) ?? 'allow_incomplete';
  const collectionMethod =
    oneOf(params, 'collection_method', ['charge_automatically', 'send_invoice'] as const) ??
    'charge_automatically';
  const daysUntilDue = int(params, 'days_until_due') ?? null;
  if (collectionMethod === 'send_invoice' && daysUntilDue === null) throw missingParam('days_until_due');
  const requestedDefault = nullableStr(params, 'default_payment_method') ?? null;
  const defaultPaymentMethod = requestedDefault
    ? resolvePaymentMethod(ctx, requestedDefault, 'default_payment_method')
    : null;
  if (defaultPaymentMethod && defaultPaymentMethod.customer !== customer.id) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${defaultPaymentMethod.id}. The payment method must be attached to the customer.`,
      'default_payment_method',
      'resource_missing',
    );
  }
  const inputs = rawItems.map((raw, index) => {
    const item = asParams(raw);
    const price = priceOfItem(ctx, item, index);
    checkRecurring(price, `items[${index}][price]`);
    return { price, quantity: int(item, 'quantity') ?? 1, metadata: metadata(item) };
  });
  sameInterval(inputs.map((input) => input.price));
  const trialEnd = trialEndOf(
    ctx,
    params,
    inputs.map((input) => input.price),
  );
  const chargeable = chargeablePaymentMethod(ctx, customer, defaultPaymentMethod?.id);
  const dueNow = inputs.reduce(
    (sum, input) =>
      sum +
      (input.price.recurring?.usage_type === 'metered' ? 0 : (input.price.unit_amount ?? 0) * input.quantity),
    0,
  );
  if (
    paymentBehavior === 'error_if_incomplete' &&
    !trialEnd &&
    dueNow > 0 &&
    collectionMethod === 'charge_automatically'
  ) {
    if (!chargeable) {
      throw invalidRequest(
        'This customer has no attached payment source or default payment method.',
        undefined,
        'resource_missing',
      );
    }
    const decline = declineFor(chargeable.card.fingerprint, 'charge');
    if (decline) throw cardError(decline.code, decline.message, decline.declineCode);
  }

  const created = now(ctx);
  const id = stripeId('sub');
  const firstPrice = inputs[0]?.price;
  const cycle = firstPrice ? interval(firstPrice) : { unit: 'month' as const, count: 1 };
  const period = { start: created, end: trialEnd ?? addInterval(created, cycle.unit, cycle.count) };
  const settings = obj(params, 'payment_settings');
  const trialSettings = obj(obj(params, 'trial_settings') ?? {}, 'end_behavior');
  const subscription = buildSubscription({
    id,
    customer: customer.id,
    currency: inputs[0]?.price.currency ?? 'usd',
    created,
    collection_method: collectionMethod,
    days_until_due: daysUntilDue,
    default_payment_method: defaultPaymentMethod?.id ?? null,
    description: nullableStr(params, 'description') ?? null,
    metadata: metadata(params),
    status: trialEnd ? 'trialing' : 'incomplete',
    trial_end: trialEnd,
    trial_start: trialEnd ? created : null,
    cancel_at_period_end: bool(params, 'cancel_at_period_end') ?? false,
    cancel_at: int(params, 'cancel_at') ?? null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: settings
        ? (oneOf(settings, 'save_default_payment_method', ['off', 'on_subscription'] as const) ?? 'off')
        : 'off',
    },
    trial_settings: {
      end_behavior: {
        missing_payment_method:
          oneOf(trialSettings ?? {}, 'missing_payment_method', [
            'cancel',
            'create_invoice',
            'pause',
          ] as const) ?? 'create_invoice',
      },
    },
    items: inputs.map((input) => buildItem(id, { id: stripeId('si'), ...input }, created, period)),
  });
  ctx.entry.objects.subscriptions[id] = subscription;

  const invoice = createSubscriptionInvoice(ctx, subscription, {
    reason: 'subscription_create',
    period,
    trial: trialEnd !== null,
  });
  subscription.latest_invoice = invoice.id;
  finalizeInvoice(ctx, invoice);
  if (invoice.status === 'paid' && subscription.status === 'incomplete') subscription.status = 'active';
  if (invoice.status === 'open') {
    if (collectionMethod === 'send_invoice') subscription.status = 'active';
    else if (paymentBehavior !== 'default_incomplete' && chargeable) {
      const outcome = collectInvoice(ctx, invoice, { paymentMethodId: chargeable.id, automatic: false });
      if (outcome.ok) subscription.status = 'active';
    }
  }
  emitFirst(ctx, 'customer.subscription.created', subscription);
  return subscription;
};

export const cancelSubscription = (ctx: Ctx, id: string, params: Params): Subscription => {
  const subscription = getSubscription(ctx, id, 'id');
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    throw invalidRequest(`No such subscription: '${id}'`, 'id', 'resource_missing');
  }
  const details = obj(params, 'cancellation_details');
  cancelSubscriptionNow(
    ctx,
    subscription,
    'cancellation_requested',
    details ? (nullableStr(details, 'comment') ?? null) : null,
  );
  if (subscription.latest_invoice) {
    const latest = ctx.entry.objects.invoices[subscription.latest_invoice];
    if (latest && latest.status === 'open' && latest.billing_reason === 'subscription_create')
      voidInvoice(ctx, latest);
  }
  return subscription;
};

/** `POST /v1/subscriptions/:id/resume`: a paused subscription starts a new period now. */
export const resumeSubscription = (ctx: Ctx, id: string): Subscription => {
  const subscription = getSubscription(ctx, id, 'id');
  if (subscription.status !== 'paused') {
    throw invalidRequest('Only paused subscriptions can be resumed.');
  }
  const before = structuredClone(subscription);
  const start = now(ctx);
  const end = nextPeriodEnd(subscription, start);
  for (const item of subscription.items.data) {
    item.current_period_start = start;
    item.current_period_end = end;
  }
  subscription.status = 'active';
  subscription.billing_cycle_anchor = start;
  const invoice = createSubscriptionInvoice(ctx, subscription, {
    reason: 'subscription_cycle',
    period: { start, end },
    trial: false,
  });
  subscription.latest_invoice = invoice.id;
  emit(ctx, 'customer.subscription.resumed', subscription);
  emitUpdate(ctx, 'customer.subscription.updated', before, subscription);
  finalizeInvoice(ctx, invoice);
  if (invoice.status === 'open' && subscription.collection_method === 'charge_automatically') {
    const outcome = collectInvoice(ctx, invoice, { automatic: true });
    afterInvoiceOutcome(ctx, invoice, outcome.ok);
  }
  return subscription;
};
