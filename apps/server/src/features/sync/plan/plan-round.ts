import type Stripe from 'stripe';
import {
  activityReasons,
  type FieldMapping,
  type PipelineMappingRule,
  type AssociationWrite,
  type CrmRef,
  type EngagementWrite,
  type RecordWrite,
} from '@billbridge/contract';
import type { StripeEventRow } from '../../../db/schema.ts';
import { refKey, type Removal, type WritePlan } from '../../../providers/hubspot/crm-records.ts';
import { compareOrder, finalizedInvoiceRank, orderOf, type EventOrder } from './event-order.ts';
import { eventTypeOf } from '../../inbox/event-types.ts';
import { mapWithFields, withFieldValues } from '../../inbox/field-values.ts';
import { noProducts, type KnownProducts } from '../../inbox/known-products.ts';
import { mapCustomer, type Mapped } from '../../inbox/mapping/map-stripe.ts';
import { paymentEngagementOf } from '../../inbox/mapping/map-payment.ts';

/** What one round will do for one destination, and what is already settled without a write. */
export type RoundPlan = WritePlan & {
  /** Events whose payload cannot be mapped (a poison event): they fail at once, alone. */
  broken: Map<number, string>;
  /** Events that need no write: nothing to map, a newer state already in HubSpot, or a mapping warning. */
  settled: Map<number, Settled>;
  warnings: Map<number, string[]>;
  /** Customers whose contact an association needs and that neither HubSpot nor this round has. */
  missingCustomers: Map<string, { eventRowIds: number[]; created: number; sourceId: string | null }>;
  /** Notes (and tasks) about payment trouble, one per Stripe event (decision 068). */
  engagements: EngagementWrite[];
};

export type Settled = { status: 'success' | 'warning'; reason: string };

export type Link = {
  crmObjectId: string | null;
  appliedEventCreated: number | null;
  /** The applied event's rank within its second (`lifecycleRankOf`); 0 when unknown. */
  appliedEventRank?: number;
  /** The applied event's id (what a reconciliation compares with). */
  appliedEventId?: string | null;
};

/** A line item's link, naming the billing subscription whose deal it belongs to. */
export type LineItemLink = {
  crmObjectId: string | null;
  stripeObjectId: string;
  parentStripeObjectId: string | null;
};

/**
 * What a round read besides the links: line items of its deals, customers fetched from Stripe, the
 * products its prices name when a mapping reads them (decision 078).
 */
export type Fetched = {
  lineItems: readonly LineItemLink[];
  customers: ReadonlyMap<string, Stripe.Customer | Stripe.DeletedCustomer>;
  products?: KnownProducts;
};

const nothingFetched: Fetched = { lineItems: [], customers: new Map() };

/** The CRM record an event is about; ordering compares events of the same record. */
export const primaryRefOf = (event: StripeEventRow): CrmRef | undefined => {
  const objectType = eventTypeOf(event.type).hubspot;
  return objectType && event.objectId ? { objectType, stripeObjectId: event.objectId } : undefined;
};

const nothingToSync: Settled = { status: 'success', reason: activityReasons.nothingToSync };
const superseded: Settled = {
  status: 'success',
  reason: activityReasons.superseded,
};

/** Later in the object's life; on a tie of second and rank, the later arrival. */
const newer = (a: StripeEventRow, b: StripeEventRow) => {
  const order = compareOrder(orderOf(a), orderOf(b));
  return order > 0 || (order === 0 && a.id > b.id);
};

/** What HubSpot has is later than `winner`: an older state must not overwrite it. */
const appliedLater = (link: Link | undefined, winner: EventOrder): boolean =>
  link?.appliedEventCreated != null &&
  compareOrder({ created: link.appliedEventCreated, rank: link.appliedEventRank ?? 0 }, winner) > 0;

const addRecord = (records: Map<string, RecordWrite>, record: RecordWrite) => {
  const key = `${record.objectType}:${record.id.toLowerCase()}`;
  const existing = records.get(key);
  if (!existing) return records.set(key, record);
  const winner =
    compareOrder(
      { created: record.eventCreated, rank: record.eventRank ?? 0 },
      { created: existing.eventCreated, rank: existing.eventRank ?? 0 },
    ) >= 0
      ? record
      : existing;
  records.set(key, {
    ...winner,
    eventRowIds: [...new Set([...existing.eventRowIds, ...record.eventRowIds])],
  });
};

const addAssociation = (associations: Map<string, AssociationWrite>, write: AssociationWrite) => {
  const key = `${refKey(write.from)}>${refKey(write.to)}`;
  const existing = associations.get(key);
  associations.set(
    key,
    existing ? { ...existing, eventRowIds: [...existing.eventRowIds, ...write.eventRowIds] } : write,
  );
};

/**
 * Plans one round, a pure function of what the round loaded: events of the same Stripe object
 * collapse into the newest one (an older state never overwrites a newer one, even one applied in
 * an earlier round or in the same second: see `event-order.ts`), the newest is mapped, and records
 * and associations shared by several events are written once. Customers an association needs are
 * asked for in `missingCustomers`; once fetched, their contacts join the plan.
 */
export const planRound = (
  events: StripeEventRow[],
  rules: readonly PipelineMappingRule[],
  links: Map<string, Link>,
  fetched: Fetched = nothingFetched,
  /** The destination's field mappings (issue 34). */
  fieldMappings: readonly FieldMapping[] = [],
): RoundPlan => {
  const plan: RoundPlan = {
    records: [],
    associations: [],
    settled: new Map(),
    broken: new Map(),
    warnings: new Map(),
    missingCustomers: new Map(),
    engagements: [],
  };
  const groups = new Map<string, StripeEventRow[]>();
  for (const event of events) {
    const engagement = engagementOf(event);
    if (engagement) plan.engagements.push(engagement);
    const ref = primaryRefOf(event);
    if (!ref) {
      if (!engagement) plan.settled.set(event.id, nothingToSync);
      continue;
    }
    groups.set(refKey(ref), [...(groups.get(refKey(ref)) ?? []), event]);
  }
  const records = new Map<string, RecordWrite>();
  const associations = new Map<string, AssociationWrite>();
  for (const [key, group] of groups) {
    const winner = group.reduce((best, event) => (newer(event, best) ? event : best));
    const order = orderOf(winner);
    if (appliedLater(links.get(key), order)) {
      for (const event of group) plan.settled.set(event.id, superseded);
      continue;
    }
    const eventRowIds = group.map((event) => event.id);
    const mapped = safelyMapped(winner, rules, fieldMappings, fetched.products);
    if (mapped && 'broken' in mapped) {
      for (const id of eventRowIds) plan.broken.set(id, `The event could not be read: ${mapped.broken}`);
      continue;
    }
    if (!mapped || mapped.records.length === 0) {
      const warning = mapped?.warnings[0];
      for (const id of eventRowIds)
        plan.settled.set(id, warning ? { status: 'warning', reason: warning } : nothingToSync);
      continue;
    }
    addMapped(
      plan,
      isFinalizedInvoice(key, links.get(key)) ? statusOnly(mapped) : mapped,
      {
        eventRowIds,
        order,
        sourceId: winner.sourceId,
        eventId: winner.eventId,
        newCustomer: group.every((event) => event.type === 'customer.created'),
      },
      records,
      associations,
    );
  }
  addMissingCustomers(plan, records, links, fetched.customers, fieldMappings);
  plan.records = [...records.values()];
  plan.associations = [...associations.values()];
  plan.removals = removedLineItems(plan.records, fetched.lineItems);
  return plan;
};

/**
 * The note a payment event becomes, whatever else the event changes (a failed invoice payment moves
 * its invoice too): every event is its own note, never collapsed into a newer one.
 */
const engagementOf = (event: StripeEventRow): EngagementWrite | undefined => {
  try {
    const planned = paymentEngagementOf(event.type, event.payload.data.object, {
      stripeEventId: event.eventId,
      occurredAt: event.created,
    });
    return planned && { ...planned, eventRowIds: [event.id] };
  } catch {
    // A payload the note cannot be read from leaves the event to what its type writes besides.
    return undefined;
  }
};

/**
 * Keeps in `missingCustomers` the customers an association needs that neither HubSpot nor this
 * round has a contact for, and adds the contacts of those fetched from Stripe.
 */
const addMissingCustomers = (
  plan: RoundPlan,
  records: Map<string, RecordWrite>,
  links: Map<string, Link>,
  fetched: Fetched['customers'],
  fieldMappings: readonly FieldMapping[],
) => {
  const contactsInRound = new Set(
    [...records.values()]
      .filter((record) => record.objectType === 'contacts')
      .map((record) => record.stripeObjectId),
  );
  for (const customerId of [...plan.missingCustomers.keys()]) {
    if (contactsInRound.has(customerId) || links.get(`contacts:${customerId}`)?.crmObjectId) {
      plan.missingCustomers.delete(customerId);
    }
  }
  for (const [customerId, need] of plan.missingCustomers) {
    const customer = fetched.get(customerId);
    const [contact] = customer ? withFieldValues(mapCustomer(customer), customer, fieldMappings).records : [];
    if (contact) addRecord(records, { ...contact, eventCreated: 0, eventRowIds: need.eventRowIds });
  }
};

/**
 * Line items HubSpot has for the round's deals that their billing subscription no longer lists
 * (an item removed in Stripe): read from the links, so finding them costs HubSpot nothing.
 */
const removedLineItems = (records: RecordWrite[], linked: readonly LineItemLink[]): Removal[] => {
  const deals = new Set(
    records.filter((record) => record.objectType === 'deals').map((deal) => deal.stripeObjectId),
  );
  const current = new Set(
    records.filter((record) => record.objectType === 'line_items').map((record) => record.stripeObjectId),
  );
  return linked.flatMap((link) =>
    link.crmObjectId &&
    link.parentStripeObjectId &&
    deals.has(link.parentStripeObjectId) &&
    !current.has(link.stripeObjectId)
      ? [
          {
            crmObjectId: link.crmObjectId,
            stripeObjectId: link.stripeObjectId,
            parent: { objectType: 'deals' as const, stripeObjectId: link.parentStripeObjectId },
          },
        ]
      : [],
  );
};

/** An invoice HubSpot has open, paid or voided: nothing of it but its status can change there. */
const isFinalizedInvoice = (key: string, link: Link | undefined): boolean =>
  key.startsWith('invoices:') &&
  Boolean(link?.crmObjectId) &&
  (link?.appliedEventRank ?? 0) >= finalizedInvoiceRank;

/** The invoice record alone, marked to move its status only: two HubSpot calls instead of eight. */
const statusOnly = (mapped: Mapped): Mapped => ({
  ...mapped,
  records: mapped.records
    .filter((record) => record.objectType === 'invoices')
    .map((record) => ({ ...record, statusOnly: true })),
  associations: [],
  needsCustomer: undefined,
});

/** Maps an event; a payload the mappers cannot read is reported, not thrown, so it fails alone. */
const safelyMapped = (
  event: StripeEventRow,
  rules: readonly PipelineMappingRule[],
  fieldMappings: readonly FieldMapping[],
  products: KnownProducts = noProducts,
): Mapped | undefined | { broken: string } => {
  try {
    return mapWithFields(event.type, event.payload.data.object, rules, fieldMappings, products);
  } catch (error) {
    return { broken: error instanceof Error ? error.message : String(error) };
  }
};

const addMapped = (
  plan: RoundPlan,
  mapped: Mapped,
  origin: {
    eventRowIds: number[];
    order: EventOrder;
    sourceId: string | null;
    eventId: string;
    newCustomer: boolean;
  },
  records: Map<string, RecordWrite>,
  associations: Map<string, AssociationWrite>,
) => {
  for (const record of mapped.records) {
    addRecord(records, {
      ...record,
      eventCreated: origin.order.created,
      eventRank: origin.order.rank,
      eventId: origin.eventId,
      eventRowIds: origin.eventRowIds,
      ...(origin.newCustomer && record.objectType === 'contacts' ? { newCustomer: true } : {}),
    });
  }
  for (const association of mapped.associations) {
    addAssociation(associations, { ...association, eventRowIds: origin.eventRowIds });
  }
  if (mapped.warnings.length) {
    for (const id of origin.eventRowIds)
      plan.warnings.set(id, [...(plan.warnings.get(id) ?? []), ...mapped.warnings]);
  }
  if (mapped.needsCustomer) {
    const need = plan.missingCustomers.get(mapped.needsCustomer);
    plan.missingCustomers.set(mapped.needsCustomer, {
      eventRowIds: [...(need?.eventRowIds ?? []), ...origin.eventRowIds],
      created: Math.max(need?.created ?? 0, origin.order.created),
      sourceId: origin.sourceId,
    });
  }
};
