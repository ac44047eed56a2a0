import { afterInvoiceOutcome } from '../billing/status.ts';
import { collectInvoice, saveSubscriptionDefault } from '../billing/invoices.ts';
import { emit } from '../events.ts';
import { invalidRequest, StripeApiError } from '../errors.ts';
import { getInvoice, getPaymentIntent } from '../lookup.ts';
import type { Params } from '../params.ts';
import type { Ctx } from '../runtime.ts';
import type { PaymentIntent } from '../types.ts';
import { paymentMethodFromParams } from './setup-intents.ts';
import { resolvePaymentMethod } from './payment-methods.ts';

/**
 * Confirms an invoice's payment intent (the browser paying a subscription's first invoice through
 * `latest_invoice.confirmation_secret`). The card is attached to the customer and, when the
 * subscription asks for it, becomes the subscription's default.
 */
export const confirmPaymentIntent = (ctx: Ctx, id: string, params: Params): PaymentIntent => {
  const intent = getPaymentIntent(ctx, id);
  if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
    throw invalidRequest(
      `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      undefined,
      'payment_intent_unexpected_state',
    );
  }
  const invoiceId = ctx.entry.internal.paymentIntentInvoice[id];
  if (!invoiceId) throw invalidRequest('The sandbox only confirms payment intents of invoices.', 'intent');
  const invoice = getInvoice(ctx, invoiceId);
  const paymentMethod =
    paymentMethodFromParams(ctx, params) ??
    (intent.payment_method ? resolvePaymentMethod(ctx, intent.payment_method) : undefined);
  if (!paymentMethod) {
    throw invalidRequest(
      'You cannot confirm this PaymentIntent because it has no payment method.',
      'payment_method',
      'payment_intent_unexpected_state',
    );
  }
  const outcome = collectInvoice(ctx, invoice, { paymentMethodId: paymentMethod.id, automatic: false });
  afterInvoiceOutcome(ctx, invoice, outcome.ok);
  if (!outcome.ok) {
    throw new StripeApiError(outcome.error.statusCode, {
      ...outcome.error.body,
      ...({ payment_intent: structuredClone(intent) } as object),
    });
  }
  if (!paymentMethod.customer) {
    paymentMethod.customer = invoice.customer;
    emit(ctx, 'payment_method.attached', paymentMethod);
  }
  saveSubscriptionDefault(ctx, invoice, paymentMethod);
  return intent;
};
