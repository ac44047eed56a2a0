import { declineFor, type CardDecline } from '../cards.ts';
import { emit } from '../events.ts';
import { StripeApiError } from '../errors.ts';
import { stripeId } from '../ids.ts';
import { buildCharge } from '../objects/charge.ts';
import { buildPaymentIntent } from '../objects/payment-intent.ts';
import { now, type Ctx } from '../runtime.ts';
import type { Invoice, InvoicePayment, PaymentIntent, PaymentMethod } from '../types.ts';

/** How a payment attempt ends: forced by the control page, or as the card decides. */
export type Force = 'succeed' | 'fail' | undefined;

export type PaymentOutcome =
  { ok: true; intent: PaymentIntent } | { ok: false; intent: PaymentIntent | null; error: StripeApiError };

const forcedDecline: CardDecline = {
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
};

/** The invoice's open payment intent (Stripe makes one at finalization), created when missing. */
export const ensureIntent = (ctx: Ctx, invoice: Invoice): PaymentIntent => {
  const { internal, objects } = ctx.entry;
  const ids = internal.invoicePayments[invoice.id] ?? [];
  const open = ids
    .map((id) => objects.payment_intents[id])
    .find((intent) => intent && !['succeeded', 'canceled'].includes(intent.status));
  if (open) {
    open.amount = invoice.amount_remaining;
    return open;
  }
  const intent = buildPaymentIntent({
    id: stripeId('pi'),
    created: now(ctx),
    amount: invoice.amount_remaining,
    currency: invoice.currency,
    customer: invoice.customer,
    description:
      invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    paymentMethod: null,
  });
  objects.payment_intents[intent.id] = intent;
  internal.invoicePayments[invoice.id] = [...ids, intent.id];
  internal.paymentIntentInvoice[intent.id] = invoice.id;
  emit(ctx, 'payment_intent.created', intent);
  return intent;
};

/** The `invoice.payments` list (an includable field) built from the invoice's payment intents. */
export const invoicePayments = (ctx: Ctx, invoice: Invoice): InvoicePayment[] =>
  (ctx.entry.internal.invoicePayments[invoice.id] ?? []).flatMap((intentId, index, all) => {
    const intent = ctx.entry.objects.payment_intents[intentId];
    if (!intent) return [];
    const paid = intent.status === 'succeeded';
    return [
      {
        id: `inpay_${intentId.slice(3)}`,
        object: 'invoice_payment' as const,
        amount_paid: paid ? intent.amount_received : null,
        amount_requested: intent.amount,
        created: intent.created,
        currency: intent.currency,
        invoice: invoice.id,
        is_default: index === all.length - 1,
        livemode: false as const,
        payment: { type: 'payment_intent' as const, payment_intent: intentId },
        status: paid
          ? ('paid' as const)
          : intent.status === 'canceled'
            ? ('canceled' as const)
            : ('open' as const),
        status_transitions: { canceled_at: intent.canceled_at, paid_at: paid ? intent.created : null },
      },
    ];
  });

/** Charges `paymentMethod` for what is left on the invoice; emits the charge and payment intent events. */
export const chargeInvoice = (
  ctx: Ctx,
  invoice: Invoice,
  paymentMethod: PaymentMethod,
  force: Force,
): PaymentOutcome => {
  const intent = ensureIntent(ctx, invoice);
  const decline =
    force === 'fail'
      ? forcedDecline
      : force === 'succeed'
        ? undefined
        : declineFor(paymentMethod.card.fingerprint, 'charge');
  const charge = buildCharge({
    id: stripeId('ch'),
    created: now(ctx),
    intent,
    paymentMethod,
    decline,
    baseUrl: ctx.rt.baseUrl,
  });
  ctx.entry.objects.charges[charge.id] = charge;
  intent.payment_method = paymentMethod.id;
  intent.latest_charge = charge.id;
  if (decline) {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      payment_method: structuredClone(paymentMethod),
    };
    emit(ctx, 'charge.failed', charge);
    emit(ctx, 'payment_intent.payment_failed', intent);
    return {
      ok: false,
      intent,
      error: new StripeApiError(402, {
        type: 'card_error',
        code: decline.code,
        decline_code: decline.declineCode,
        message: decline.message,
      }),
    };
  }
  intent.status = 'succeeded';
  intent.amount_received = intent.amount;
  intent.last_payment_error = null;
  emit(ctx, 'charge.succeeded', charge);
  emit(ctx, 'payment_intent.succeeded', intent);
  return { ok: true, intent };
};

export const cancelOpenIntents = (ctx: Ctx, invoice: Invoice, reason: string): void => {
  for (const id of ctx.entry.internal.invoicePayments[invoice.id] ?? []) {
    const intent = ctx.entry.objects.payment_intents[id];
    if (!intent || ['succeeded', 'canceled'].includes(intent.status)) continue;
    intent.status = 'canceled';
    intent.canceled_at = now(ctx);
    intent.cancellation_reason = reason;
    emit(ctx, 'payment_intent.canceled', intent);
  }
};
