import { emitUpdate } from '../events.ts';
import { invalidRequest, missingParam, noSuch } from '../errors.ts';
import { stripeId } from '../ids.ts';
import { getSubscription } from '../lookup.ts';
import { buildItem, periodOf } from '../objects/subscription.ts';
import { resolvePaymentMethod } from '../ops/payment-methods.ts';
import { asParams, bool, int, list, metadata, nullableStr, oneOf, str, type Params } from '../params.ts';
import { now, type Ctx } from '../runtime.ts';
import type { Subscription, SubscriptionItem } from '../types.ts';
import { checkRecurring, priceOfItem, sameInterval } from './subscription-items.ts';

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
    const onlyMetadata = Object.keys(params).every((key) =>
      ['metadata', 'cancellation_details', 'expand'].includes(key),
    );
    if (!onlyMetadata) {
      throw invalidRequest(
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
        'resource_missing',
      );
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
    const behavior = oneOf(asParams(pause), 'behavior', [
      'keep_as_draft',
      'mark_uncollectible',
      'void',
    ] as const);
    if (!behavior) throw missingParam('pause_collection[behavior]');
    subscription.pause_collection = { behavior, resumes_at: int(asParams(pause), 'resumes_at') ?? null };
  }
  const collectionMethod = oneOf(params, 'collection_method', [
    'charge_automatically',
    'send_invoice',
  ] as const);
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
