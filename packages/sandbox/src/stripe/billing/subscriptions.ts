import { addInterval } from '../clock.ts';
import { declineFor } from '../cards.ts';
import { emit, emitFirst, emitUpdate } from '../events.ts';
import { cardError, invalidRequest, missingParam, noSuch } from '../errors.ts';
import { stripeId } from '../ids.ts';
import { chargeablePaymentMethod, getCustomer, getPrice, getSubscription } from '../lookup.ts';
import { buildItem, buildSubscription, periodOf } from '../objects/subscription.ts';
import { createPrice } from '../ops/catalog.ts';
import { resolvePaymentMethod } from '../ops/payment-methods.ts';
import {
  asParams,
  bool,
  int,
  list,
  metadata,
  nullableStr,
  obj,
  oneOf,
  str,
  type Params,
} from '../params.ts';
import { now, type Ctx } from '../runtime.ts';
import type { Price, Subscription, SubscriptionItem } from '../types.ts';
import { collectInvoice, createSubscriptionInvoice, finalizeInvoice, voidInvoice } from './invoices.ts';
import { afterInvoiceOutcome, cancelSubscriptionNow } from './status.ts';

export { cancelSubscriptionNow } from './status.ts';

const priceOfItem = (ctx: Ctx, item: Params, index: number): Price => {
  const priceId = str(item, 'price');
  if (priceId) return getPrice(ctx, priceId, `items[${index}][price]`);
  const priceData = obj(item, 'price_data');
  if (!priceData) throw missingParam(`items[${index}][price]`);
  return createPrice(ctx, { ...priceData, recurring: priceData.recurring ?? { interval: 'month' } });
};

const checkRecurring = (price: Price, param: string): void => {
  if (!price.recurring) {
    throw invalidRequest(
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
      param,
    );
  }
  if (!price.active) throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, param);
};

const interval = (price: Price): { unit: 'day' | 'week' | 'month' | 'year'; count: number } => ({
  unit: price.recurring?.interval ?? 'month',
  count: price.recurring?.interval_count ?? 1,
});

const sameInterval = (prices: Price[]): void => {
  const first = prices[0];
  if (!first) return;
  for (const price of prices) {
    const a = interval(first);
    const b = interval(price);
    if (a.unit !== b.unit || a.count !== b.count) {
      throw invalidRequest('Currency and interval fields must match across all prices on a subscription.', 'items');
    }
    if (price.currency !== first.currency) {
      throw invalidRequest('Currency and interval fields must match across all prices on a subscription.', 'items');
    }
  }
};

const nextPeriodEnd = (subscription: Subscription, start: number): number => {
  const first = subscription.items.data[0];
  const { unit, count } = first ? interval(first.price) : { unit: 'month' as const, count: 1 };
  return addInterval(start, unit, count);
};

const trialEndOf = (ctx: Ctx, params: Params, prices: Price[]): number | null => {
  const trialEnd = str(params, 'trial_end');
  if (trialEnd === 'now') return null;
  if (trialEnd) {
    const value = Number(trialEnd);
    if (!Number.isInteger(value) || value <= now(ctx)) {
      throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
    }
    return value;
  }
  const days = int(params, 'trial_period_days') ?? (bool(params, 'trial_from_plan') ? prices[0]?.recurring?.trial_period_days : null);
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
    oneOf(params, 'payment_behavior', ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'] as const) ??
    'allow_incomplete';
  const collectionMethod = oneOf(params, 'collection_method', ['charge_automatically', 'send_invoice'] as const) ?? 'charge_automatically';
  const daysUntilDue = int(params, 'days_until_due') ?? null;
  if (collectionMethod === 'send_invoice' && daysUntilDue === null) throw missingParam('days_until_due');
  const requestedDefault = nullableStr(params, 'default_payment_method') ?? null;
  const defaultPaymentMethod = requestedDefault ? resolvePaymentMethod(ctx, requestedDefault, 'default_payment_method') : null;
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
  const trialEnd = trialEndOf(ctx, params, inputs.map((input) => input.price));
  const chargeable = chargeablePaymentMethod(ctx, customer, defaultPaymentMethod?.id);
  const dueNow = inputs.reduce(
    (sum, input) => sum + (input.price.recurring?.usage_type === 'metered' ? 0 : (input.price.unit_amount ?? 0) * input.quantity),
    0,
  );
  if (paymentBehavior === 'error_if_incomplete' && !trialEnd && dueNow > 0 && collectionMethod === 'charge_automatically') {
    if (!chargeable) {
      throw invalidRequest('This customer has no attached payment source or default payment method.', undefined, 'resource_missing');
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
      save_default_payment_method: settings ? (oneOf(settings, 'save_default_payment_method', ['off', 'on_subscription'] as const) ?? 'off') : 'off',
    },
    trial_settings: {
      end_behavior: {
        missing_payment_method: oneOf(trialSettings ?? {}, 'missing_payment_method', ['cancel', 'create_invoice', 'pause'] as const) ?? 'create_invoice',
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

const applyItemChanges = (ctx: Ctx, subscription: Subscription, rawItems: unknown[]): void => {
  const period = periodOf(subscription);
  const items: SubscriptionItem[] = [...subscription.items.data];
  rawItems.forEach((raw, index) => {
    const change = asParams(raw);
    const itemId = str(change, 'id');
    const existingIndex = itemId ? items.findIndex((item) => item.id === itemId) : -1;
    if (itemId && existingIndex < 0) throw noSuch('subscription item', itemId, `items[${index}][id]`);
    if (bool(change, 'deleted')) {
      if (existingIndex >= 0) items.splice(existingIndex, 1);
      return;
    }
    const existing = existingIndex >= 0 ? items[existingIndex] : undefined;
    const hasPrice = change.price !== undefined || change.price_data !== undefined;
    const price = hasPrice ? priceOfItem(ctx, change, index) : existing?.price;
    if (!price) throw missingParam(`items[${index}][price]`);
    checkRecurring(price, `items[${index}][price]`);
    const updated = buildItem(
      subscription.id,
      {
        id: existing?.id ?? stripeId('si'),
        price,
        quantity: int(change, 'quantity') ?? existing?.quantity ?? 1,
        metadata: metadata(change, existing?.metadata ?? {}),
      },
      existing?.created ?? now(ctx),
      period,
    );
    if (existing) items[existingIndex] = updated;
    else items.push(updated);
  });
  if (items.length === 0) throw invalidRequest('A subscription must have at least one active plan.', 'items');
  sameInterval(items.map((item) => item.price));
  subscription.items.data = items;
};

/** `POST /v1/subscriptions/:id`. Price changes apply from now on; no proration lines are computed. */
export const updateSubscription = (ctx: Ctx, id: string, params: Params): Subscription => {
  const subscription = getSubscription(ctx, id, 'id');
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    const onlyMetadata = Object.keys(params).every((key) => ['metadata', 'cancellation_details', 'expand'].includes(key));
    if (!onlyMetadata) {
      throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', undefined, 'resource_missing');
    }
  }
  const before = structuredClone(subscription);
  const rawItems = list(params, 'items');
  if (rawItems) applyItemChanges(ctx, subscription, rawItems);
  subscription.metadata = metadata(params, subscription.metadata);
  const cancelAtPeriodEnd = bool(params, 'cancel_at_period_end');
  if (cancelAtPeriodEnd !== undefined) {
    subscription.cancel_at_period_end = cancelAtPeriodEnd;
    subscription.cancel_at = cancelAtPeriodEnd ? periodOf(subscription).end : null;
    subscription.canceled_at = cancelAtPeriodEnd ? now(ctx) : null;
  }
  const cancelAt = str(params, 'cancel_at');
  if (cancelAt !== undefined) subscription.cancel_at = cancelAt === '' ? null : Number(cancelAt);
  const description = nullableStr(params, 'description');
  if (description !== undefined) subscription.description = description;
  const defaultPaymentMethod = nullableStr(params, 'default_payment_method');
  if (defaultPaymentMethod !== undefined) {
    if (defaultPaymentMethod) {
      const paymentMethod = resolvePaymentMethod(ctx, defaultPaymentMethod, 'default_payment_method');
      if (paymentMethod.customer !== subscription.customer) {
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${paymentMethod.id}. The payment method must be attached to the customer.`,
          'default_payment_method',
          'resource_missing',
        );
      }
      subscription.default_payment_method = paymentMethod.id;
    } else subscription.default_payment_method = null;
  }
  const pause = params.pause_collection;
  if (pause === '') subscription.pause_collection = null;
  else if (pause !== undefined) {
    const behavior = oneOf(asParams(pause), 'behavior', ['keep_as_draft', 'mark_uncollectible', 'void'] as const);
    if (!behavior) throw missingParam('pause_collection[behavior]');
    subscription.pause_collection = { behavior, resumes_at: int(asParams(pause), 'resumes_at') ?? null };
  }
  const collectionMethod = oneOf(params, 'collection_method', ['charge_automatically', 'send_invoice'] as const);
  if (collectionMethod) subscription.collection_method = collectionMethod;
  const daysUntilDue = int(params, 'days_until_due');
  if (daysUntilDue !== undefined) subscription.days_until_due = daysUntilDue;
  const trialEnd = str(params, 'trial_end');
  if (trialEnd !== undefined && subscription.status === 'trialing') {
    const end = trialEnd === 'now' ? now(ctx) : Number(trialEnd);
    subscription.trial_end = end;
    for (const item of subscription.items.data) item.current_period_end = end;
  }
  emitUpdate(ctx, 'customer.subscription.updated', before, subscription);
  return subscription;
};

/** `DELETE /v1/subscriptions/:id`. */
export const cancelSubscription = (ctx: Ctx, id: string, params: Params): Subscription => {
  const subscription = getSubscription(ctx, id, 'id');
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    throw invalidRequest(`No such subscription: '${id}'`, 'id', 'resource_missing');
  }
  const details = obj(params, 'cancellation_details');
  cancelSubscriptionNow(ctx, subscription, 'cancellation_requested', details ? (nullableStr(details, 'comment') ?? null) : null);
  if (subscription.latest_invoice) {
    const latest = ctx.entry.objects.invoices[subscription.latest_invoice];
    if (latest && latest.status === 'open' && latest.billing_reason === 'subscription_create') voidInvoice(ctx, latest);
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
  const invoice = createSubscriptionInvoice(ctx, subscription, { reason: 'subscription_cycle', period: { start, end }, trial: false });
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

export { nextPeriodEnd };
