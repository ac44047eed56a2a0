import type Stripe from 'stripe';
import {
  matchMappingRule,
  type PipelineMappingRule,
  skuProperty,
  stripeIdProperty,
  type AssociationWrite,
  type CrmRef,
  type CrmInvoiceStatus,
  type RecordWrite,
} from '@billbridge/contract';
import { describeInterval, hubspotBilling, termOf, utcDate } from './billing-terms.ts';
import { grossPerPeriod, isMetered, netPerPeriod, unitRate } from './recurring-value.ts';
import { majorUnits, minorUnitExponent } from './money.ts';

/**
 * Stripe objects → HubSpot records (ARCHITECTURE §7.4), pure: no I/O, so every rule is a unit test.
 * Amounts are converted exactly from the currency's minor units; datetimes are epoch milliseconds,
 * date-only properties UTC calendar dates, as HubSpot takes them.
 */
export type Mapped = {
  records: Omit<RecordWrite, 'eventCreated' | 'eventRank' | 'eventRowIds'>[];
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

/**
 * The organisation a customer is: Stripe's `business_name`, else its `name` when Stripe's
 * `individual_name` says the person is someone else (a name alone does not tell a firm from a person).
 */
const organisationOf = (customer: Stripe.Customer): string | undefined => {
  const { business_name: business, individual_name: individual } = customer as Stripe.Customer & {
    business_name?: string | null;
    individual_name?: string | null;
  };
  if (business?.trim()) return business.trim();
  const name = customer.name?.trim();
  return name && individual?.trim() && individual.trim() !== name ? name : undefined;
};

/** A customer with an e-mail becomes a contact, upserted by that e-mail. */
export const mapCustomer = (customer: Stripe.Customer | Stripe.DeletedCustomer): Mapped => {
  if (customer.deleted) return nothing();
  const live = customer;
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
        ...(organisationOf(live) ? { organisation: organisationOf(live) } : {}),
      },
    ],
    associations: [],
    warnings: [],
  };
};

const priceIdsOf = (subscription: Stripe.Subscription): string[] =>
  subscription.items.data.map((item) => item.price.id);

type Written = Omit<RecordWrite, 'eventCreated' | 'eventRank' | 'eventRowIds'>;

/** Decimals of a minor-unit amount that give six in major units, as far as HubSpot's numbers are written. */
const minorDecimals = (currency: string): number => Math.max(0, 6 - minorUnitExponent(currency));

/** A fractional amount in minor units as HubSpot's major-unit number, to six decimals at most. */
const major = (minor: number, currency: string): string =>
  majorUnits(minor.toFixed(minorDecimals(currency)), currency);

/** Whether `units` share `amount` exactly, as written: else HubSpot's (price − discount) × quantity drifts. */
const splitsEvenly = (amount: number, units: number, currency: string): boolean =>
  Math.abs(Number((amount / units).toFixed(minorDecimals(currency))) * units - amount) < 1e-9;

/**
 * A subscription item's price, quantity and unit discount as HubSpot's line item takes them, so
 * that HubSpot's net price, (price − discount) × quantity, is what the item bills per HubSpot
 * period after coupons (`scale` turns a Stripe period into HubSpot's, `hubspotBilling`). A
 * metered item has quantity 0 at its unit rate: it bills usage afterwards, and a fixed amount
 * would make HubSpot count revenue nobody has committed to. An item whose amount or discount does
 * not split evenly over its units (a tiered price, a fixed amount off) is one unit of its whole
 * amount, as invoice lines are, so HubSpot's figures stay exact.
 */
const pricing = (
  item: Stripe.SubscriptionItem,
  net: number,
  scale: number,
  currency: string,
): Record<string, string> => {
  const quantity = item.quantity ?? 1;
  if (isMetered(item.price)) return { quantity: '0', price: major(unitRate(item.price), currency) };
  if (quantity === 0) return { quantity: '0', price: major(unitRate(item.price) * scale, currency) };
  const gross = grossPerPeriod(item) * scale;
  const off = gross - net * scale;
  const units =
    splitsEvenly(gross, quantity, currency) && splitsEvenly(off, quantity, currency) ? quantity : 1;
  return {
    quantity: String(units),
    price: major(gross / units, currency),
    ...(off > 0 ? { discount: major(off / units, currency) } : {}),
  };
};

/** What the line item's description says where HubSpot's figures alone would mislead. */
const billingNote = (item: Stripe.SubscriptionItem, scale: number, currency: string): string | undefined => {
  const recurring = item.price.recurring;
  if (!recurring) return undefined;
  if (isMetered(item.price))
    return `Usage-based: ${major(unitRate(item.price), currency)} ${currency} per unit, billed ${describeInterval(recurring)} for what was used`;
  return scale === 1
    ? undefined
    : `Billed ${describeInterval(recurring)}: shown at HubSpot's nearest billing frequency, at the same value a month`;
};

const subscriptionLineItem = (
  subscription: Stripe.Subscription,
  item: Stripe.SubscriptionItem,
  net: number,
  dealRef: CrmRef,
): Written => {
  const currency = subscription.currency.toUpperCase();
  const recurring = item.price.recurring;
  const billing = recurring ? hubspotBilling(recurring) : undefined;
  const scale = billing?.scale ?? 1;
  return {
    objectType: 'line_items' as const,
    idProperty: skuProperty,
    id: item.id,
    stripeObjectId: item.id,
    parent: dealRef,
    properties: defined({
      [skuProperty]: item.id,
      name: item.price.nickname ?? idOf(item.price.product) ?? item.price.id,
      description: billingNote(item, scale, currency),
      ...pricing(item, net, scale, currency),
      hs_line_item_currency_code: currency,
      recurringbillingfrequency: billing?.frequency,
      hs_recurring_billing_period: recurring
        ? termOf(recurring, subscription.start_date, subscription.cancel_at)
        : undefined,
      hs_recurring_billing_start_date: billing ? utcDate(subscription.start_date) : undefined,
    }),
  };
};

/**
 * A billing subscription becomes a deal in the stage of the first matching mapping rule, with one
 * line item per subscription item carrying its recurring terms, from which HubSpot computes the
 * deal's MRR, ARR, ACV and TCV (decision 077); no matching rule → a warning and no deal.
 */
export const mapSubscription = (
  subscription: Stripe.Subscription,
  rules: readonly PipelineMappingRule[],
): Mapped => {
  const match = matchMappingRule(rules, { status: subscription.status, priceIds: priceIdsOf(subscription) });
  if (!match.matched) return nothing(`${match.reason}: no deal was written`);
  const currency = subscription.currency.toUpperCase();
  const net = netPerPeriod(subscription);
  const dealRef: CrmRef = { objectType: 'deals', stripeObjectId: subscription.id };
  const customerId = idOf(subscription.customer) as string;
  const lineItems = subscription.items.data.map((item, index) =>
    subscriptionLineItem(subscription, item, net[index] ?? 0, dealRef),
  );
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
          amount: major(
            net.reduce((sum, amount) => sum + amount, 0),
            currency,
          ),
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

/**
 * Where a Stripe invoice status leads in HubSpot's lifecycle. Stripe's `uncollectible` has no
 * HubSpot status: the invoice stays open, its balance still due (decision 022).
 */
const lifecycleOf: Record<Stripe.Invoice.Status, CrmInvoiceStatus> = {
  draft: 'draft',
  open: 'open',
  paid: 'paid',
  void: 'voided',
  uncollectible: 'open',
};

const uncollectibleNote =
  'Stripe marked the invoice uncollectible; HubSpot has no such status, so it stays open there';

/** One HubSpot line item per invoice line: its quantity, unit price, description and period. */
const invoiceLineItem = (
  line: Stripe.InvoiceLineItem,
  invoiceRef: CrmRef,
): Omit<RecordWrite, 'eventCreated' | 'eventRank' | 'eventRowIds'> => {
  const currency = line.currency.toUpperCase();
  const quantity = line.quantity ?? 1;
  const unitDecimal = line.pricing?.unit_amount_decimal;
  const evenlySplit = quantity > 0 && line.amount % quantity === 0;
  const [start, end] = [utcDate(line.period.start), utcDate(line.period.end)];
  return {
    objectType: 'line_items',
    idProperty: skuProperty,
    id: line.id,
    stripeObjectId: line.id,
    parent: invoiceRef,
    properties: defined({
      [skuProperty]: line.id,
      name: line.description ?? line.id,
      description:
        start && end && start !== end
          ? `${line.description ?? ''} (${start} – ${end})`.trim()
          : (line.description ?? undefined),
      quantity: String(unitDecimal || evenlySplit ? quantity : 1),
      price: majorUnits(unitDecimal ?? (evenlySplit ? line.amount / quantity : line.amount), currency),
      hs_line_item_currency_code: currency,
      hs_recurring_billing_start_date: start,
    }),
  };
};

/**
 * An invoice becomes a HubSpot invoice created as a draft in its currency, with one line item per
 * Stripe line, associated with the customer's contact and the deal, then moved along HubSpot's
 * lifecycle to where Stripe's invoice is. Amounts, number and payment date are HubSpot's to compute.
 */
export const mapInvoice = (invoice: Stripe.Invoice): Mapped => {
  const customerId = idOf(invoice.customer);
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  const ref: CrmRef = { objectType: 'invoices', stripeObjectId: invoice.id as string };
  const lines = invoice.lines.data;
  const warnings = [
    ...(invoice.status === 'uncollectible' ? [uncollectibleNote] : []),
    ...(invoice.lines.has_more
      ? [
          `Only the first ${lines.length} lines of the invoice were in Stripe's event, so only they were written`,
        ]
      : []),
  ];
  return {
    records: [
      {
        objectType: 'invoices',
        idProperty: stripeIdProperty,
        id: invoice.id as string,
        stripeObjectId: invoice.id as string,
        status: lifecycleOf[invoice.status ?? 'draft'],
        properties: defined({
          [stripeIdProperty]: invoice.id,
          hs_currency: invoice.currency.toUpperCase(),
          hs_invoice_date: millis(invoice.created),
          hs_due_date: millis(invoice.due_date ?? invoice.created),
          hs_external_invoice_id: invoice.id,
        }),
      },
      ...lines.map((line) => invoiceLineItem(line, ref)),
    ],
    associations: [
      ...(customerId ? [{ from: ref, to: contactRef(customerId) }] : []),
      ...(subscriptionId
        ? [{ from: ref, to: { objectType: 'deals' as const, stripeObjectId: subscriptionId } }]
        : []),
    ],
    ...(customerId ? { needsCustomer: customerId } : {}),
    warnings,
  };
};

/** A product becomes a HubSpot product (the catalogue line items can point at). */
export const mapProduct = (product: Stripe.Product | Stripe.DeletedProduct): Mapped => {
  if (product.deleted) return nothing();
  const live = product;
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
