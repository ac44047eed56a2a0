import { emit, emitUpdate } from '../events.ts';
import { invalidRequest, StripeApiError } from '../errors.ts';
import { stripeId } from '../ids.ts';
import { chargeablePaymentMethod, getCustomer, subscriptionOfInvoice } from '../lookup.ts';
import { buildInvoice, buildLine } from '../objects/invoice.ts';
import { resolvePaymentMethod } from '../ops/payment-methods.ts';
import { now, type Ctx } from '../runtime.ts';
import type { Invoice, InvoiceLineItem, PaymentMethod, Subscription } from '../types.ts';
import {
  cancelOpenIntents,
  chargeInvoice,
  ensureIntent,
  type Force,
  type PaymentOutcome,
} from './payments.ts';
import { meteredQuantity, unitAmount } from './usage.ts';

/** Days between automatic retries of a failed subscription invoice; after the last, Stripe gives up. */
export const retryScheduleDays = [3, 5, 7];

const money = (amount: number, currency: string): string =>
  `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

export type InvoicePlan = {
  reason: Invoice['billing_reason'];
  /** The period licensed items are billed for (in advance). */
  period: { start: number; end: number };
  trial: boolean;
  /** The period metered items are billed for (in arrears); none on a first invoice. */
  usagePeriod?: { start: number; end: number };
};

const linesFor = (
  ctx: Ctx,
  invoiceId: string,
  subscription: Subscription,
  plan: InvoicePlan,
): InvoiceLineItem[] =>
  subscription.items.data.map((item) => {
    const { price } = item;
    const product = ctx.entry.objects.products[price.product];
    const productName = product?.name ?? price.product;
    const metered = price.recurring?.usage_type === 'metered';
    const quantity = metered
      ? plan.usagePeriod
        ? meteredQuantity(ctx.entry, price, subscription.customer, plan.usagePeriod)
        : 0
      : item.quantity;
    const amount = plan.trial ? 0 : Math.round(unitAmount(price) * quantity);
    const interval = price.recurring?.interval ?? 'month';
    const description = plan.trial
      ? `Trial period for ${productName}`
      : metered
        ? `${productName} (usage: ${quantity} at ${money(unitAmount(price), price.currency)} each)`
        : `${quantity} × ${productName} (at ${money(unitAmount(price), price.currency)} / ${interval})`;
    return buildLine({
      id: stripeId('il'),
      invoiceId,
      price,
      quantity,
      amount,
      description,
      period: metered && plan.usagePeriod ? plan.usagePeriod : plan.period,
      subscriptionId: subscription.id,
      subscriptionItemId: item.id,
    });
  });

/** A draft invoice for a subscription period; emits `invoice.created`. */
export const createSubscriptionInvoice = (
  ctx: Ctx,
  subscription: Subscription,
  plan: InvoicePlan,
): Invoice => {
  const customer = getCustomer(ctx, subscription.customer);
  const id = stripeId('in');
  const invoice = buildInvoice({
    id,
    entry: ctx.entry,
    customer,
    subscriptionId: subscription.id,
    subscriptionMetadata: subscription.metadata,
    billingReason: plan.reason,
    collectionMethod: subscription.collection_method,
    currency: subscription.currency,
    lines: linesFor(ctx, id, subscription, plan),
    period: plan.period,
    created: now(ctx),
    daysUntilDue: subscription.days_until_due,
    description: subscription.description,
  });
  ctx.entry.objects.invoices[id] = invoice;
  emit(ctx, 'invoice.created', invoice);
  return invoice;
};

export const markPaid = (ctx: Ctx, invoice: Invoice, how: 'charge' | 'out_of_band' | 'zero'): void => {
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempted = true;
  invoice.auto_advance = false;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = now(ctx);
  if (how === 'out_of_band') cancelOpenIntents(ctx, invoice, 'abandoned');
  emit(ctx, 'invoice.paid', invoice);
  if (how !== 'out_of_band') emit(ctx, 'invoice.payment_succeeded', invoice);
};

/** Draft → open: a number, the hosted page, a payment intent. Zero-amount invoices are paid at once. */
export const finalizeInvoice = (ctx: Ctx, invoice: Invoice): void => {
  if (invoice.status !== 'draft') return;
  const customer = getCustomer(ctx, invoice.customer);
  invoice.number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, '0')}`;
  customer.next_invoice_sequence += 1;
  invoice.status = 'open';
  invoice.status_transitions.finalized_at = now(ctx);
  invoice.effective_at = now(ctx);
  invoice.hosted_invoice_url = `${ctx.rt.baseUrl}/i/${ctx.accountId}/${invoice.id}`;
  invoice.invoice_pdf = `${ctx.rt.baseUrl}/i/${ctx.accountId}/${invoice.id}/pdf`;
  if (invoice.amount_due > 0 && invoice.collection_method === 'charge_automatically')
    ensureIntent(ctx, invoice);
  emit(ctx, 'invoice.finalized', invoice);
  if (invoice.amount_due === 0) markPaid(ctx, invoice, 'zero');
};

const noPaymentMethod = (): StripeApiError =>
  invalidRequest(
    'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
    undefined,
    'invoice_no_payment_method',
  );

/**
 * A subscription with `payment_settings.save_default_payment_method: on_subscription` takes the card
 * of every successful payment of its invoices as its `default_payment_method` (Stripe's API reference
 * for the subscription's payment settings), when that card is saved on the invoice's customer.
 */
export const saveSubscriptionDefault = (ctx: Ctx, invoice: Invoice, paymentMethod: PaymentMethod): void => {
  const subscription = subscriptionOfInvoice(ctx, invoice);
  if (subscription?.payment_settings.save_default_payment_method !== 'on_subscription') return;
  if (paymentMethod.customer !== invoice.customer) return;
  const before = structuredClone(subscription);
  subscription.default_payment_method = paymentMethod.id;
  emitUpdate(ctx, 'customer.subscription.updated', before, subscription);
};

export type CollectOptions = {
  paymentMethodId?: string | null;
  force?: Force;
  /** Renewals and retries: a missing card counts as a failed attempt. */
  automatic: boolean;
};

/** One payment attempt on an open invoice, with the invoice events either way. */
export const collectInvoice = (ctx: Ctx, invoice: Invoice, options: CollectOptions): PaymentOutcome => {
  const customer = getCustomer(ctx, invoice.customer);
  const subscription = subscriptionOfInvoice(ctx, invoice);
  const paymentMethod = options.paymentMethodId
    ? resolvePaymentMethod(ctx, options.paymentMethodId)
    : chargeablePaymentMethod(
        ctx,
        customer,
        invoice.default_payment_method,
        subscription?.default_payment_method,
      );
  const outcome: PaymentOutcome = paymentMethod
    ? chargeInvoice(ctx, invoice, paymentMethod, options.force)
    : { ok: false, intent: null, error: noPaymentMethod() };
  if (!paymentMethod && !options.automatic) return outcome;
  invoice.attempt_count += 1;
  invoice.attempted = true;
  if (outcome.ok && paymentMethod) {
    markPaid(ctx, invoice, 'charge');
    saveSubscriptionDefault(ctx, invoice, paymentMethod);
    return outcome;
  }
  const retryInDays = retryScheduleDays[invoice.attempt_count - 1];
  const retrying = subscription !== undefined && invoice.billing_reason !== 'subscription_create';
  invoice.next_payment_attempt =
    retrying && retryInDays !== undefined ? now(ctx) + retryInDays * 86_400 : null;
  emit(ctx, 'invoice.payment_failed', invoice);
  return outcome;
};

export const voidInvoice = (ctx: Ctx, invoice: Invoice): Invoice => {
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
    throw invalidRequest(
      `You can only void an open or uncollectible invoice; this invoice is ${invoice.status}.`,
      undefined,
      'invoice_not_editable',
    );
  }
  invoice.status = 'void';
  invoice.status_transitions.voided_at = now(ctx);
  invoice.next_payment_attempt = null;
  invoice.auto_advance = false;
  cancelOpenIntents(ctx, invoice, 'void_invoice');
  emit(ctx, 'invoice.voided', invoice);
  return invoice;
};

export const markUncollectible = (ctx: Ctx, invoice: Invoice): Invoice => {
  if (invoice.status !== 'open') {
    throw invalidRequest(
      `You can only mark an open invoice as uncollectible; this invoice is ${invoice.status}.`,
      undefined,
      'invoice_not_editable',
    );
  }
  invoice.status = 'uncollectible';
  invoice.status_transitions.marked_uncollectible_at = now(ctx);
  invoice.next_payment_attempt = null;
  invoice.auto_advance = false;
  emit(ctx, 'invoice.marked_uncollectible', invoice);
  return invoice;
};
