import { declineFor, fingerprintOf, inspectCard, magicPaymentMethods } from '../cards.ts';
import { emit, emitUpdate } from '../events.ts';
import { cardError, invalidRequest, missingParam } from '../errors.ts';
import { stripeId } from '../ids.ts';
import { getCustomer, getPaymentMethod } from '../lookup.ts';
import { buildCardPaymentMethod } from '../objects/payment-method.ts';
import { address, int, metadata, nullableStr, obj, str, type Params } from '../params.ts';
import { now, type Ctx } from '../runtime.ts';
import type { PaymentMethod } from '../types.ts';

const expiry = (card: Params, current: number): { month: number; year: number } => {
  const month = int(card, 'exp_month');
  const rawYear = int(card, 'exp_year');
  if (month === undefined) throw missingParam('card[exp_month]');
  if (rawYear === undefined) throw missingParam('card[exp_year]');
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  if (month < 1 || month > 12) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", undefined, {
      param: 'exp_month',
    });
  }
  const today = new Date(current * 1000);
  const expired =
    year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
  if (expired || year > today.getUTCFullYear() + 50) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", undefined, {
      param: 'exp_year',
    });
  }
  return { month, year };
};

const billingDetails = (params: Params): Partial<PaymentMethod['billing_details']> => {
  const details = obj(params, 'billing_details') ?? {};
  return {
    address: address(obj(details, 'address')) ?? undefined,
    email: nullableStr(details, 'email') ?? null,
    name: nullableStr(details, 'name') ?? null,
    phone: nullableStr(details, 'phone') ?? null,
  };
};

const createFromNumber = (ctx: Ctx, number: string, params: Params, card: Params): PaymentMethod => {
  const inspected = inspectCard(number);
  const { month, year } =
    card.exp_month === undefined
      ? { month: 12, year: new Date().getUTCFullYear() + 5 }
      : expiry(card, now(ctx));
  const paymentMethod = buildCardPaymentMethod({
    id: stripeId('pm'),
    created: now(ctx),
    number: inspected.number,
    fingerprint: fingerprintOf(inspected.number),
    behaviour: inspected.behaviour,
    expMonth: month,
    expYear: year,
    cvcProvided: typeof card.cvc === 'string' && card.cvc !== '',
    billingDetails: billingDetails(params),
    metadata: metadata(params),
  });
  ctx.entry.objects.payment_methods[paymentMethod.id] = paymentMethod;
  return paymentMethod;
};

/** `POST /v1/payment_methods` (cards only), as the browser does with a publishable key. */
export const createPaymentMethod = (ctx: Ctx, params: Params): PaymentMethod => {
  const type = str(params, 'type');
  if (!type) throw missingParam('type');
  if (type !== 'card')
    throw invalidRequest(`The sandbox only supports card payment methods, not ${type}.`, 'type');
  const card = obj(params, 'card');
  if (!card) throw missingParam('card');
  const number = str(card, 'number');
  if (!number) throw missingParam('card[number]');
  expiry(card, now(ctx));
  return createFromNumber(ctx, number, params, card);
};

/** Resolves a payment method id, turning Stripe's magic test ids (`pm_card_visa`, …) into real ones. */
export const resolvePaymentMethod = (ctx: Ctx, id: string, param = 'payment_method'): PaymentMethod => {
  const magicNumber = magicPaymentMethods[id];
  if (magicNumber) return createFromNumber(ctx, magicNumber, {}, {});
  return getPaymentMethod(ctx, id, param);
};

export const attachPaymentMethod = (
  ctx: Ctx,
  id: string,
  customerId: string,
  param = 'id',
): PaymentMethod => {
  const customer = getCustomer(ctx, customerId);
  const paymentMethod = resolvePaymentMethod(ctx, id, param);
  if (paymentMethod.customer === customer.id) return paymentMethod;
  if (paymentMethod.customer) {
    throw invalidRequest(
      'The payment method you provided has already been attached to a customer.',
      'payment_method',
      'payment_method_unexpected_state',
    );
  }
  const decline = declineFor(paymentMethod.card.fingerprint, 'setup');
  if (decline) throw cardError(decline.code, decline.message, decline.declineCode);
  paymentMethod.customer = customer.id;
  emit(ctx, 'payment_method.attached', paymentMethod);
  return paymentMethod;
};

/** Detaching also clears the customer's default when it was this card, as Stripe does. */
export const detachPaymentMethod = (ctx: Ctx, id: string): PaymentMethod => {
  const paymentMethod = getPaymentMethod(ctx, id, 'id');
  const customerId = paymentMethod.customer;
  if (!customerId) {
    throw invalidRequest(
      `The payment method you provided is not attached to a customer so detachment is impossible.`,
      'payment_method',
      'payment_method_unexpected_state',
    );
  }
  const customer = ctx.entry.objects.customers[customerId];
  if (customer && customer.invoice_settings.default_payment_method === id) {
    const before = structuredClone(customer);
    customer.invoice_settings.default_payment_method = null;
    emitUpdate(ctx, 'customer.updated', before, customer);
  }
  for (const subscription of Object.values(ctx.entry.objects.subscriptions)) {
    if (subscription.default_payment_method === id) {
      const before = structuredClone(subscription);
      subscription.default_payment_method = null;
      emitUpdate(ctx, 'customer.subscription.updated', before, subscription);
    }
  }
  paymentMethod.customer = null;
  emit(ctx, 'payment_method.detached', paymentMethod, { customer: customerId });
  return paymentMethod;
};

export const updatePaymentMethod = (ctx: Ctx, id: string, params: Params): PaymentMethod => {
  const paymentMethod = getPaymentMethod(ctx, id, 'id');
  const before = structuredClone(paymentMethod);
  paymentMethod.metadata = metadata(params, paymentMethod.metadata);
  if (params.billing_details !== undefined) {
    const details = billingDetails(params);
    paymentMethod.billing_details = {
      ...paymentMethod.billing_details,
      ...Object.fromEntries(
        Object.entries(details).filter(([, value]) => value !== undefined && value !== null),
      ),
    };
  }
  const card = obj(params, 'card');
  if (card) {
    const { month, year } = expiry(
      {
        exp_month: card.exp_month ?? String(paymentMethod.card.exp_month),
        exp_year: card.exp_year ?? String(paymentMethod.card.exp_year),
      },
      now(ctx),
    );
    paymentMethod.card.exp_month = month;
    paymentMethod.card.exp_year = year;
  }
  emitUpdate(ctx, 'payment_method.updated', before, paymentMethod);
  return paymentMethod;
};
