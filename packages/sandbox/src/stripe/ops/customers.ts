import { emit, emitUpdate } from '../events.ts';
import { invalidRequest } from '../errors.ts';
import { stripeId } from '../ids.ts';
import { getCustomer } from '../lookup.ts';
import { buildCustomer } from '../objects/customer.ts';
import { address, emptyAddress, metadata, nullableStr, obj, str, type Params } from '../params.ts';
import { now, type Ctx } from '../runtime.ts';
import type { Customer } from '../types.ts';
import { attachPaymentMethod } from './payment-methods.ts';
import { cancelSubscriptionNow } from '../billing/subscriptions.ts';

const applyCustomerParams = (ctx: Ctx, customer: Customer, params: Params): void => {
  const set = <K extends 'email' | 'name' | 'phone' | 'description'>(key: K): void => {
    const value = nullableStr(params, key);
    if (value !== undefined) customer[key] = value;
  };
  set('email');
  set('name');
  set('phone');
  set('description');
  customer.metadata = metadata(params, customer.metadata);
  customer.address = address(obj(params, 'address'), customer.address);
  const shipping = obj(params, 'shipping');
  if (shipping) {
    customer.shipping = {
      address: address(obj(shipping, 'address')) ?? emptyAddress(),
      name: str(shipping, 'name') ?? '',
      phone: nullableStr(shipping, 'phone') ?? null,
    };
  }
  const preferred = params.preferred_locales;
  if (Array.isArray(preferred))
    customer.preferred_locales = preferred.filter((value) => typeof value === 'string');
  const invoiceSettings = obj(params, 'invoice_settings');
  if (invoiceSettings) {
    const defaultPaymentMethod = nullableStr(invoiceSettings, 'default_payment_method');
    if (defaultPaymentMethod) {
      const paymentMethod = ctx.entry.objects.payment_methods[defaultPaymentMethod];
      if (!paymentMethod) {
        throw invalidRequest(
          `No such PaymentMethod: '${defaultPaymentMethod}'`,
          'invoice_settings[default_payment_method]',
          'resource_missing',
        );
      }
      if (paymentMethod.customer !== customer.id) {
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${defaultPaymentMethod}. The payment method must be attached to the customer.`,
          'invoice_settings[default_payment_method]',
          'resource_missing',
        );
      }
    }
    if (defaultPaymentMethod !== undefined)
      customer.invoice_settings.default_payment_method = defaultPaymentMethod;
    const footer = nullableStr(invoiceSettings, 'footer');
    if (footer !== undefined) customer.invoice_settings.footer = footer;
  }
};

export const createCustomer = (ctx: Ctx, params: Params): Customer => {
  const customer = buildCustomer(stripeId('cus'), now(ctx));
  const paymentMethodId = str(params, 'payment_method');
  const { invoice_settings: invoiceSettings, ...rest } = params;
  applyCustomerParams(ctx, customer, rest);
  // A customer made in a test clock belongs to it for life; only creation takes the parameter
  // (https://docs.stripe.com/api/customers/create#create_customer-test_clock). The stand-in keeps
  // the clock's id and does not model the clock's own time.
  customer.test_clock = str(params, 'test_clock') ?? null;
  ctx.entry.objects.customers[customer.id] = customer;
  emit(ctx, 'customer.created', customer);
  if (paymentMethodId) attachPaymentMethod(ctx, paymentMethodId, customer.id, 'payment_method');
  if (invoiceSettings !== undefined) {
    const before = structuredClone(customer);
    applyCustomerParams(ctx, customer, { invoice_settings: invoiceSettings });
    emitUpdate(ctx, 'customer.updated', before, customer);
  }
  return customer;
};

export const updateCustomer = (ctx: Ctx, id: string, params: Params): Customer => {
  const customer = getCustomer(ctx, id, 'id');
  const before = structuredClone(customer);
  applyCustomerParams(ctx, customer, params);
  emitUpdate(ctx, 'customer.updated', before, customer);
  return customer;
};

/** Deleting a customer cancels its subscriptions at once, as Stripe does. */
export const deleteCustomer = (ctx: Ctx, id: string): { id: string; object: 'customer'; deleted: true } => {
  const customer = getCustomer(ctx, id, 'id');
  for (const subscription of Object.values(ctx.entry.objects.subscriptions)) {
    if (subscription.customer === id && !['canceled', 'incomplete_expired'].includes(subscription.status)) {
      cancelSubscriptionNow(ctx, subscription, 'cancellation_requested');
    }
  }
  delete ctx.entry.objects.customers[id];
  ctx.entry.objects.deleted[id] = 'customer';
  emit(ctx, 'customer.deleted', customer);
  return { id, object: 'customer', deleted: true };
};
