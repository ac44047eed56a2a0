import { noSuch } from './errors.ts';
import type { Ctx } from './runtime.ts';
import type {
  Customer,
  Invoice,
  Meter,
  PaymentIntent,
  PaymentMethod,
  Price,
  Product,
  SetupIntent,
  Subscription,
} from './types.ts';

const find = <T>(collection: Record<string, T>, objectName: string, id: string, param: string): T => {
  const found = collection[id];
  if (!found) throw noSuch(objectName, id, param);
  return found;
};

export const getCustomer = (ctx: Ctx, id: string, param = 'customer'): Customer =>
  find(ctx.entry.objects.customers, 'customer', id, param);

export const getProduct = (ctx: Ctx, id: string, param = 'product'): Product =>
  find(ctx.entry.objects.products, 'product', id, param);

export const getPrice = (ctx: Ctx, id: string, param = 'price'): Price =>
  find(ctx.entry.objects.prices, 'price', id, param);

export const getSubscription = (ctx: Ctx, id: string, param = 'subscription'): Subscription =>
  find(ctx.entry.objects.subscriptions, 'subscription', id, param);

export const getInvoice = (ctx: Ctx, id: string, param = 'invoice'): Invoice =>
  find(ctx.entry.objects.invoices, 'invoice', id, param);

export const getPaymentMethod = (ctx: Ctx, id: string, param = 'payment_method'): PaymentMethod =>
  find(ctx.entry.objects.payment_methods, 'PaymentMethod', id, param);

export const getSetupIntent = (ctx: Ctx, id: string, param = 'intent'): SetupIntent =>
  find(ctx.entry.objects.setup_intents, 'setupintent', id, param);

export const getPaymentIntent = (ctx: Ctx, id: string, param = 'intent'): PaymentIntent =>
  find(ctx.entry.objects.payment_intents, 'payment_intent', id, param);

export const getMeter = (ctx: Ctx, id: string, param = 'meter'): Meter =>
  find(ctx.entry.objects.meters, 'billing.meter', id, param);

export const subscriptionOfInvoice = (ctx: Ctx, invoice: Invoice): Subscription | undefined => {
  const id = invoice.parent?.subscription_details?.subscription;
  return id ? ctx.entry.objects.subscriptions[id] : undefined;
};

/** The payment method Stripe would charge: explicit, then the subscription's default, then the customer's. */
export const chargeablePaymentMethod = (
  ctx: Ctx,
  customer: Customer,
  ...candidates: (string | null | undefined)[]
): PaymentMethod | null => {
  for (const id of [...candidates, customer.invoice_settings.default_payment_method]) {
    if (!id) continue;
    const paymentMethod = ctx.entry.objects.payment_methods[id];
    if (paymentMethod) return paymentMethod;
  }
  return null;
};
