import { declineFor } from '../cards.ts';
import { emit } from '../events.ts';
import { invalidRequest, StripeApiError } from '../errors.ts';
import { stripeId } from '../ids.ts';
import { getCustomer, getSetupIntent } from '../lookup.ts';
import { buildSetupIntent } from '../objects/setup-intent.ts';
import { bool, metadata, nullableStr, obj, oneOf, str, stringList, type Params } from '../params.ts';
import { now, type Ctx } from '../runtime.ts';
import type { PaymentMethod, SetupIntent } from '../types.ts';
import { attachPaymentMethod, createPaymentMethod, resolvePaymentMethod } from './payment-methods.ts';

const onlyCards = (types: string[] | undefined, param: string): void => {
  const unsupported = types?.find((type) => type !== 'card');
  if (unsupported)
    throw invalidRequest(
      `The sandbox only supports the card payment method type, not ${unsupported}.`,
      param,
    );
};

/** A payment method from `payment_method` or inline `payment_method_data` (what Stripe.js sends). */
export const paymentMethodFromParams = (ctx: Ctx, params: Params): PaymentMethod | undefined => {
  const id = str(params, 'payment_method');
  if (id) return resolvePaymentMethod(ctx, id);
  const data = obj(params, 'payment_method_data');
  return data ? createPaymentMethod(ctx, data) : undefined;
};

export const createSetupIntent = (ctx: Ctx, params: Params): SetupIntent => {
  const customerId = str(params, 'customer');
  if (customerId) getCustomer(ctx, customerId);
  const allowed = stringList(params, 'allowed_payment_method_types');
  onlyCards(allowed, 'allowed_payment_method_types');
  const intent = buildSetupIntent({
    id: stripeId('seti'),
    created: now(ctx),
    customer: customerId ?? null,
    description: nullableStr(params, 'description') ?? null,
    metadata: metadata(params),
    paymentMethodTypes: allowed ?? ['card'],
    allowedPaymentMethodTypes: allowed ?? null,
    usage: oneOf(params, 'usage', ['off_session', 'on_session'] as const) ?? 'off_session',
  });
  ctx.entry.objects.setup_intents[intent.id] = intent;
  emit(ctx, 'setup_intent.created', intent);
  const paymentMethod = paymentMethodFromParams(ctx, params);
  if (paymentMethod) {
    intent.payment_method = paymentMethod.id;
    intent.status = 'requires_confirmation';
  }
  if (bool(params, 'confirm')) return confirmSetupIntent(ctx, intent.id, {});
  return intent;
};

/** Confirms with a card; declines leave the intent waiting for another card, as Stripe does. */
export const confirmSetupIntent = (ctx: Ctx, id: string, params: Params): SetupIntent => {
  const intent = getSetupIntent(ctx, id);
  if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
    throw invalidRequest(
      `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
      undefined,
      'setup_intent_unexpected_state',
    );
  }
  const paymentMethod =
    paymentMethodFromParams(ctx, params) ??
    (intent.payment_method ? resolvePaymentMethod(ctx, intent.payment_method) : undefined);
  if (!paymentMethod) {
    throw invalidRequest(
      'You cannot confirm this SetupIntent because it has no payment method. Pass `payment_method`.',
      'payment_method',
      'setup_intent_unexpected_state',
    );
  }
  intent.payment_method = paymentMethod.id;
  intent.latest_attempt = stripeId('setatt');
  const decline = declineFor(paymentMethod.card.fingerprint, 'setup');
  if (decline) {
    intent.status = 'requires_payment_method';
    intent.last_setup_error = {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      payment_method: structuredClone(paymentMethod),
    };
    intent.payment_method = null;
    emit(ctx, 'setup_intent.setup_failed', intent);
    throw new StripeApiError(402, {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      ...({ setup_intent: structuredClone(intent) } as object),
    });
  }
  if (intent.customer && paymentMethod.customer !== intent.customer)
    attachPaymentMethod(ctx, paymentMethod.id, intent.customer);
  intent.status = 'succeeded';
  intent.last_setup_error = null;
  emit(ctx, 'setup_intent.succeeded', intent);
  return intent;
};

export const cancelSetupIntent = (ctx: Ctx, id: string, params: Params): SetupIntent => {
  const intent = getSetupIntent(ctx, id);
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    throw invalidRequest(
      `You cannot cancel this SetupIntent because it has a status of ${intent.status}.`,
      undefined,
      'setup_intent_unexpected_state',
    );
  }
  intent.status = 'canceled';
  intent.cancellation_reason = str(params, 'cancellation_reason') ?? 'requested_by_customer';
  emit(ctx, 'setup_intent.canceled', intent);
  return intent;
};
