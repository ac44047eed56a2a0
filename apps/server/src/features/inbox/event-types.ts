import type Stripe from 'stripe';
import type {
  ActivityType,
  BackfillKind,
  PipelineMappingRule,
  SourceSyncToggle,
  CrmObjectType,
} from '@billbridge/contract';
import { mapCustomer, mapInvoice, mapProduct, mapSubscription, type Mapped } from './mapping/map-stripe.ts';

type Mapper<O> = (object: O, rules: readonly PipelineMappingRule[]) => Mapped;

/** What the product does with the events of one Stripe event type. */
export type EventType<O = never> = {
  /** The activity type it is logged under (spec §3 "Recent activity item"). */
  activity: ActivityType;
  /** The source toggle that decides whether it syncs; none: recorded, nothing to sync. */
  toggle?: SourceSyncToggle;
  /** The HubSpot object it becomes: events of one Stripe object collapse into the newest. */
  hubspot?: CrmObjectType;
  /** Its Stripe object → HubSpot records; none: logged (and counted), nothing written. */
  map?: Mapper<O>;
  /** An import, a reconciliation or a re-evaluation, not a change in Stripe: never counted or capped. */
  synthetic?: true;
};

/** Events whose object becomes `hubspot` records through `map`. */
const written = <O>(
  activity: ActivityType,
  toggle: SourceSyncToggle,
  hubspot: CrmObjectType,
  map: Mapper<O>,
): EventType<O> => ({ activity, toggle, hubspot, map });
/** Events logged (and counted when their toggle is on) that write nothing by themselves. */
const logged = (activity: ActivityType, toggle?: SourceSyncToggle): EventType<unknown> =>
  toggle ? { activity, toggle } : { activity };

const customers = written('customer', 'customers', 'contacts', mapCustomer);
/** A customer's discounts, payment sources and tax ids. */
const customerDetails = logged('customer', 'customers');
const subscriptions = written('subscription', 'subscriptions', 'deals', mapSubscription);
const invoices = written('invoice', 'invoices', 'invoices', mapInvoice);
/**
 * What a payment changes in HubSpot is an invoice's status and amounts, which the `invoice.*`
 * events carry (decision 010).
 */
const payments = logged('payment', 'payments');
const products = written('product', 'products', 'products', mapProduct);
/** Prices reach HubSpot inside line items. */
const prices = logged('product', 'products');
const accounts = logged('account');
const synthetic = <O>(type: EventType<O>): EventType<O> => ({ ...type, synthetic: true });

/**
 * Every Stripe event type the product handles — the only place one is named. Types not here are
 * logged as `other` and change nothing. The `.backfilled` (decision 012), `.reconciled` (032) and
 * `.reevaluated` (033) types are the product's own, for objects listed or replayed outside a webhook.
 */
const table = {
  'account.application.authorized': accounts,
  'account.application.deauthorized': accounts,
  'account.external_account.created': accounts,
  'account.external_account.deleted': accounts,
  'account.external_account.updated': accounts,
  'account.updated': accounts,
  'charge.captured': payments,
  'charge.dispute.closed': payments,
  'charge.dispute.created': payments,
  'charge.dispute.funds_reinstated': payments,
  'charge.dispute.funds_withdrawn': payments,
  'charge.dispute.updated': payments,
  'charge.expired': payments,
  'charge.failed': payments,
  'charge.pending': payments,
  'charge.refund.updated': payments,
  'charge.refunded': payments,
  'charge.succeeded': payments,
  'charge.updated': payments,
  'customer.created': customers,
  'customer.updated': customers,
  'customer.deleted': customers,
  'customer.backfilled': synthetic(customers),
  'customer.reconciled': synthetic(customers),
  'customer.reevaluated': synthetic(customers),
  'customer.discount.created': customerDetails,
  'customer.discount.deleted': customerDetails,
  'customer.discount.updated': customerDetails,
  'customer.source.created': customerDetails,
  'customer.source.deleted': customerDetails,
  'customer.source.expiring': customerDetails,
  'customer.source.updated': customerDetails,
  'customer.tax_id.created': customerDetails,
  'customer.tax_id.deleted': customerDetails,
  'customer.tax_id.updated': customerDetails,
  'customer.subscription.created': subscriptions,
  'customer.subscription.deleted': subscriptions,
  'customer.subscription.paused': subscriptions,
  'customer.subscription.pending_update_applied': subscriptions,
  'customer.subscription.pending_update_expired': subscriptions,
  'customer.subscription.resumed': subscriptions,
  'customer.subscription.trial_will_end': subscriptions,
  'customer.subscription.updated': subscriptions,
  'customer.subscription.backfilled': synthetic(subscriptions),
  'customer.subscription.reconciled': synthetic(subscriptions),
  'customer.subscription.reevaluated': synthetic(subscriptions),
  'invoice.created': invoices,
  'invoice.deleted': invoices,
  'invoice.finalization_failed': invoices,
  'invoice.finalized': invoices,
  'invoice.marked_uncollectible': invoices,
  'invoice.overdue': invoices,
  'invoice.overpaid': invoices,
  'invoice.paid': invoices,
  'invoice.payment_action_required': invoices,
  'invoice.payment_attempt_required': invoices,
  'invoice.payment_failed': invoices,
  'invoice.payment_succeeded': invoices,
  'invoice.sent': invoices,
  'invoice.upcoming': invoices,
  'invoice.updated': invoices,
  'invoice.voided': invoices,
  'invoice.will_be_due': invoices,
  'invoice.backfilled': synthetic(invoices),
  'invoice.reconciled': synthetic(invoices),
  'invoice.reevaluated': synthetic(invoices),
  'payment_intent.amount_capturable_updated': payments,
  'payment_intent.canceled': payments,
  'payment_intent.created': payments,
  'payment_intent.partially_funded': payments,
  'payment_intent.payment_failed': payments,
  'payment_intent.processing': payments,
  'payment_intent.requires_action': payments,
  'payment_intent.succeeded': payments,
  'price.created': prices,
  'price.deleted': prices,
  'price.updated': prices,
  'product.created': products,
  'product.deleted': products,
  'product.updated': products,
  'product.backfilled': synthetic(products),
  'product.reconciled': synthetic(products),
};

export type HandledEventType = keyof typeof table;

/** The object Stripe sends with an event of type `T` (the `stripe` package's own event types). */
type ObjectOf<T> = T extends Stripe.Event.Type ? Extract<Stripe.Event, { type: T }>['data']['object'] : never;

/** The table checked against Stripe: each type's mapper takes the object Stripe sends with it. */
const eventTypes: { [T in HandledEventType]: EventType<ObjectOf<T>> } = table;

const other: EventType<unknown> = { activity: 'other' };

const isHandled = (type: string): type is HandledEventType => Object.hasOwn(eventTypes, type);

export const eventTypeOf = (type: string): EventType<unknown> =>
  isHandled(type) ? (eventTypes[type] as EventType<unknown>) : other;

/**
 * Maps an event's object with its type's mapper; undefined: its type writes nothing. Stripe sends
 * each event type with one kind of object (checked above against the `stripe` package), so the
 * type is what narrows the stored object for its mapper.
 */
export const mapEvent = (
  type: string,
  object: unknown,
  rules: readonly PipelineMappingRule[],
): Mapped | undefined => eventTypeOf(type).map?.(object, rules);

/** The types whose events become `objectType` in HubSpot. */
export const eventTypesBecoming = (objectType: CrmObjectType): HandledEventType[] =>
  (Object.keys(eventTypes) as HandledEventType[]).filter((type) => eventTypes[type].hubspot === objectType);

/** Stripe deauthorized the platform: the source loses its account (ingest). */
export const deauthorization = 'account.application.deauthorized' satisfies HandledEventType;

/**
 * The Stripe event types a key source's own webhook endpoint listens for: every handled type Stripe
 * sends (not the product's own), and not the deauthorization, which only Connect sends.
 */
export const ownEndpointEventTypes = (Object.keys(eventTypes) as HandledEventType[]).filter(
  (type) => !(eventTypes[type] as EventType<unknown>).synthetic && type !== deauthorization,
);

/** The type a listed object of `kind` enters the sync as, imported or reconciled. */
export const syntheticEventTypes: Record<
  BackfillKind,
  Record<'backfilled' | 'reconciled', HandledEventType>
> = {
  products: { backfilled: 'product.backfilled', reconciled: 'product.reconciled' },
  customers: { backfilled: 'customer.backfilled', reconciled: 'customer.reconciled' },
  subscriptions: {
    backfilled: 'customer.subscription.backfilled',
    reconciled: 'customer.subscription.reconciled',
  },
  invoices: { backfilled: 'invoice.backfilled', reconciled: 'invoice.reconciled' },
};

/** A billing subscription's newest stored state replayed through the sync (decision 033). */
export const reevaluatedType = 'customer.subscription.reevaluated' satisfies HandledEventType;

/** The type each written object's newest stored state is replayed as, re-applying field mappings (decision 072). */
export const reevaluatedTypes = {
  contacts: 'customer.reevaluated',
  deals: reevaluatedType,
  invoices: 'invoice.reevaluated',
} as const satisfies Partial<Record<CrmObjectType, HandledEventType>>;

/**
 * Where an event's verb stands in its object's life, for events of one second: created, then
 * changed, then deleted. A re-evaluation replays the newest stored state in its own second: ranked
 * last in it, so the state it repeats is not taken for an older one.
 */
export const verbRankOf = (type: string): number => {
  if (type.endsWith('.created')) return 0;
  return type.endsWith('.deleted') || type.endsWith('.reevaluated') ? 2 : 1;
};
