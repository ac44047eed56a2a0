import type Stripe from 'stripe';
import { matchMappingRule, type PipelineMappingRule } from '@billbridge/contract';
import {
  skuProperty,
  stripeIdProperty,
  type AssociationWrite,
  type CrmRef,
  type RecordWrite,
} from './crm-records.ts';

/**
 * Stripe objects → HubSpot records (ARCHITECTURE §7.4), pure: no I/O, so every rule is a unit test.
 * Amounts are converted from minor units; dates are epoch milliseconds as HubSpot takes them.
 */
export type Mapped = {
  records: Omit<RecordWrite, 'eventCreated' | 'eventRowIds'>[];
  associations: Omit<AssociationWrite, 'eventRowIds'>[];
  /** The customer whose contact an association needs, when this event does not carry it. */
  needsCustomer?: string;
  warnings: string[];
};

const nothing = (warning?: string): Mapped => ({
  records: [],
  associations: [],
  warnings: warning ? [warning] : [],
});

const major = (minor: number | null | undefined): string => String((minor ?? 0) / 100);
const millis = (seconds: number | null | undefined): string | undefined =>
  seconds ? String(seconds * 1000) : undefined;
const defined = (values: Record<string, string | null | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

export const contactRef = (customerId: string): CrmRef => ({
  objectType: 'contacts',
  stripeObjectId: customerId,
});

/** A customer with an e-mail becomes a contact, upserted by that e-mail. */
export const mapCustomer = (customer: Stripe.Customer | Stripe.DeletedCustomer): Mapped => {
  if ('deleted' in customer && customer.deleted) return nothing();
  const live = customer as Stripe.Customer;
  const email = live.email?.trim().toLowerCase();
  if (!email) return nothing('The customer has no e-mail address, so no HubSpot contact was written');
  const [firstname, ...rest] = (live.name ?? '').trim().split(/\s+/);
  return {
    records: [
      {
        objectType: 'contacts',
        idProperty: 'email',
        id: email,
        stripeObjectId: live.id,
        properties: defined({
          email,
          firstname: firstname || undefined,
          lastname: rest.join(' ') || undefined,
          phone: live.phone ?? undefined,
        }),
      },
    ],
    associations: [],
    warnings: [],
  };
};

const priceIdsOf = (subscription: Stripe.Subscription): string[] =>
  subscription.items.data.map((item) => item.price.id);

/**
 * A billing subscription becomes a deal in the stage of the first matching mapping rule, with one
 * line item per subscription item; no matching rule → a warning and no deal.
 */
export const mapSubscription = (
  subscription: Stripe.Subscription,
  rules: readonly PipelineMappingRule[],
): Mapped => {
  const match = matchMappingRule(rules, { status: subscription.status, priceIds: priceIdsOf(subscription) });
  if (!match.matched) return nothing(`${match.reason}: no deal was written`);
  const currency = subscription.currency.toUpperCase();
  const amount = subscription.items.data.reduce(
    (sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    0,
  );
  const dealRef: CrmRef = { objectType: 'deals', stripeObjectId: subscription.id };
  const customerId = idOf(subscription.customer) as string;
  const lineItems = subscription.items.data.map((item) => ({
    objectType: 'line_items' as const,
    idProperty: skuProperty,
    id: item.id,
    stripeObjectId: item.id,
    parent: dealRef,
    properties: defined({
      [skuProperty]: item.id,
      name: item.price.nickname ?? idOf(item.price.product) ?? item.price.id,
      quantity: String(item.quantity ?? 1),
      price: major(item.price.unit_amount),
      hs_line_item_currency_code: currency,
      hs_recurring_billing_period: item.price.recurring
        ? `P${item.price.recurring.interval_count}${item.price.recurring.interval[0]?.toUpperCase()}`
        : undefined,
    }),
  }));
  return {
    records: [
      {
        objectType: 'deals',
        idProperty: stripeIdProperty,
        id: subscription.id,
        stripeObjectId: subscription.id,
        properties: defined({
          [stripeIdProperty]: subscription.id,
          dealname: `Subscription ${subscription.id}`,
          amount: major(amount),
          deal_currency_code: currency,
          pipeline: match.rule.hubspot_pipeline,
          dealstage: match.rule.hubspot_stage,
          closedate: millis(subscription.start_date),
        }),
      },
      ...lineItems,
    ],
    associations: [{ from: dealRef, to: contactRef(customerId) }],
    needsCustomer: customerId,
    warnings: [],
  };
};

const invoiceStatuses: Record<string, string> = {
  draft: 'draft',
  open: 'open',
  paid: 'paid',
  void: 'voided',
  uncollectible: 'open',
};

/** An invoice becomes a HubSpot invoice, associated with the customer's contact and the deal. */
export const mapInvoice = (invoice: Stripe.Invoice): Mapped => {
  const customerId = idOf(invoice.customer);
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  const ref: CrmRef = { objectType: 'invoices', stripeObjectId: invoice.id as string };
  return {
    records: [
      {
        objectType: 'invoices',
        idProperty: stripeIdProperty,
        id: invoice.id as string,
        stripeObjectId: invoice.id as string,
        properties: defined({
          [stripeIdProperty]: invoice.id,
          hs_number: invoice.number ?? undefined,
          hs_currency: invoice.currency.toUpperCase(),
          hs_invoice_date: millis(invoice.created),
          hs_due_date: millis(invoice.due_date ?? invoice.created),
          hs_invoice_status: invoiceStatuses[invoice.status ?? 'draft'] ?? 'draft',
          hs_amount_billed: major(invoice.total),
          hs_amount_paid: major(invoice.amount_paid),
          hs_balance_due: major(invoice.amount_remaining),
          hs_invoice_link: invoice.hosted_invoice_url ?? undefined,
          hs_payment_date: millis(invoice.status_transitions?.paid_at),
          hs_external_invoice_id: invoice.id,
        }),
      },
    ],
    associations: [
      ...(customerId ? [{ from: ref, to: contactRef(customerId) }] : []),
      ...(subscriptionId
        ? [{ from: ref, to: { objectType: 'deals' as const, stripeObjectId: subscriptionId } }]
        : []),
    ],
    ...(customerId ? { needsCustomer: customerId } : {}),
    warnings: [],
  };
};

/** A product becomes a HubSpot product (the catalogue line items can point at). */
export const mapProduct = (product: Stripe.Product | Stripe.DeletedProduct): Mapped => {
  if ('deleted' in product && product.deleted) return nothing();
  const live = product as Stripe.Product;
  return {
    records: [
      {
        objectType: 'products',
        idProperty: skuProperty,
        id: live.id,
        stripeObjectId: live.id,
        properties: defined({
          [skuProperty]: live.id,
          name: live.name,
          description: live.description ?? undefined,
        }),
      },
    ],
    associations: [],
    warnings: [],
  };
};

/** The customer's own events; other `customer.*` events (discounts, sources, …) write nothing. */
const customerEventTypes = new Set([
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'customer.backfilled',
]);

/** Which mapper an event type uses; undefined = recorded, nothing to write (e.g. payments, prices). */
export const mapEvent = (
  type: string,
  object: unknown,
  rules: readonly PipelineMappingRule[],
): Mapped | undefined => {
  if (type.startsWith('customer.subscription.')) return mapSubscription(object as Stripe.Subscription, rules);
  if (customerEventTypes.has(type)) return mapCustomer(object as Stripe.Customer);
  if (type.startsWith('invoice.')) return mapInvoice(object as Stripe.Invoice);
  if (type.startsWith('product.')) return mapProduct(object as Stripe.Product);
  return undefined;
};
