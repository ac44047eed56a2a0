import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SourceFilters } from '@billbridge/contract';
import type { Transaction } from '../../../db/client.ts';
import { crmLink, destination, stripeEvent, type StripeEventRow } from '../../../db/schema.ts';
import { eventTypeOf } from '../../inbox/event-types.ts';
import { moveEventsStatement } from '../../inbox/event-states.ts';
import { filtersOf, filtersAreSet } from '../../inbox/source-settings.ts';
import { filteredReason, liveStatuses, type CustomerFacts } from '../../inbox/customer-filter-rule.ts';

/** Payment events that say money came in, besides a paid invoice. */
const paymentSucceeded = new Set(['charge.succeeded', 'payment_intent.succeeded']);

type FactRow = {
  key: string;
  type: string;
  objectId: string | null;
  metadata: Record<string, string> | null;
  status: string | null;
  amountPaid: string | null;
  testClock: string | null;
};

const noFacts = (): CustomerFacts => ({
  linked: false,
  testClock: false,
  paid: false,
  liveSubscription: false,
  metadata: null,
});

const isCustomerEvent = (type: string) => eventTypeOf(type).hubspot === 'contacts';

/** The customer an event is about: the customer itself, or the one its object names; null for none. */
export const customerOfEvent = (event: StripeEventRow): string | null => {
  if (!eventTypeOf(event.type).toggle) return null;
  const object = event.payload.data.object as { id?: unknown; customer?: unknown };
  if (isCustomerEvent(event.type)) return typeof object.id === 'string' ? object.id : null;
  const { customer } = object;
  if (typeof customer === 'string') return customer;
  if (customer && typeof customer === 'object' && 'id' in customer && typeof customer.id === 'string')
    return customer.id;
  return null;
};

const object = sql`${stripeEvent.payload}->'data'->'object'`;
/** `customerOfEvent` in SQL, so the stored events of a set of customers are found by the database. */
const customerSql = sql<string>`case when ${stripeEvent.type} ~ '^customer\\.(created|updated|deleted|backfilled|reconciled|reevaluated)$'
  then ${object}->>'id'
  else case jsonb_typeof(${object}->'customer') when 'string' then ${object}->>'customer'
    when 'object' then ${object}->'customer'->>'id' end end`;
const keyOf = (subscriptionId: string, customerId: string) => `${subscriptionId}:${customerId}`;
const keySql = sql<string>`${stripeEvent.subscriptionId} || ':' || (${customerSql})`;
/**
 * The events of those customers: the workspaces named first, so the state index finds their rows
 * (the key alone is no index condition: it read every stored event of every workspace).
 */
const ofCustomers = (keys: string[]): SQL => {
  const workspaces = [...new Set(keys.map((key) => key.slice(0, key.indexOf(':'))))];
  return sql`${inArray(stripeEvent.subscriptionId, workspaces)} and (${keySql}) in ${keys}`;
};

/** Folds a customer's stored events, oldest first, into its facts. */
const factsOf = (rows: FactRow[]): CustomerFacts => {
  const facts = noFacts();
  const subscriptionStatus = new Map<string, string | null>();
  for (const row of rows) {
    if (row.testClock) facts.testClock = true;
    const kind = eventTypeOf(row.type).hubspot;
    if (kind === 'contacts') facts.metadata = row.metadata ?? {};
    if (kind === 'deals' && row.objectId) subscriptionStatus.set(row.objectId, row.status);
    const paidInvoice = kind === 'invoices' && row.status === 'paid' && Number(row.amountPaid) > 0;
    if (paidInvoice || paymentSucceeded.has(row.type)) facts.paid = true;
  }
  facts.liveSubscription = [...subscriptionStatus.values()].some((status) => liveStatuses.has(status ?? ''));
  return facts;
};

/** The facts of each customer (keyed `subscriptionId:customerId`) from its stored events and links. */
const customerFactsOf = async (tx: Transaction, keys: string[]): Promise<Map<string, CustomerFacts>> => {
  const rows = await tx
    .select({
      key: keySql,
      type: stripeEvent.type,
      objectId: sql<string | null>`${object}->>'id'`,
      metadata: sql<Record<string, string> | null>`${object}->'metadata'`,
      status: sql<string | null>`${object}->>'status'`,
      amountPaid: sql<string | null>`${object}->>'amount_paid'`,
      testClock: sql<string | null>`${object}->>'test_clock'`,
    })
    .from(stripeEvent)
    .where(and(ofCustomers(keys), sql`${stripeEvent.payloadPrunedAt} is null`))
    .orderBy(stripeEvent.created, stripeEvent.id);
  const links = await tx
    .select({ key: sql<string>`${destination.subscriptionId} || ':' || ${crmLink.stripeObjectId}` })
    .from(crmLink)
    .innerJoin(destination, eq(destination.id, crmLink.destinationId))
    .where(
      and(
        eq(crmLink.crmObjectType, 'contacts'),
        sql`${destination.subscriptionId} || ':' || ${crmLink.stripeObjectId} in ${keys}`,
      ),
    );
  const linked = new Set(links.map((link) => link.key));
  return new Map(
    keys.map((key) => [key, { ...factsOf(rows.filter((row) => row.key === key)), linked: linked.has(key) }]),
  );
};

/** What the filters decided for a gate's received events. */
export type Filtering = {
  /** The reason an event is filtered out; null: it may pass. */
  reasonOf: (event: StripeEventRow) => string | null;
  /** Events filtered before whose customer qualifies now, moved back to received for this gate. */
  released: StripeEventRow[];
};

const passAll: Filtering = { reasonOf: () => null, released: [] };

/**
 * The source filters applied to received events (decision 069): each customer's facts are read
 * from the events stored for it, this batch's included, so the event that makes a customer qualify
 * (its first payment, say) lets through the events held back before it, in the same round.
 */
export const applyCustomerFilters = async (
  tx: Transaction,
  received: StripeEventRow[],
  filtersOfSource: (sourceId: string | null) => SourceFilters | undefined,
): Promise<Filtering> => {
  const keyOfEvent = (event: StripeEventRow): string | null => {
    const filters = filtersOfSource(event.sourceId);
    const customer = customerOfEvent(event);
    return filters && filtersAreSet(filters) && customer && event.subscriptionId
      ? keyOf(event.subscriptionId, customer)
      : null;
  };
  const keys = [...new Set(received.flatMap((event) => keyOfEvent(event) ?? []))];
  if (keys.length === 0) return passAll;
  const facts = await customerFactsOf(tx, keys);
  const reasonOf = (event: StripeEventRow) => {
    const key = keyOfEvent(event);
    const filters = filtersOfSource(event.sourceId);
    return key && filters ? filteredReason(filters, facts.get(key) ?? noFacts()) : null;
  };
  const qualifying = keys.filter((key) => {
    const event = received.find((candidate) => keyOfEvent(candidate) === key);
    return event !== undefined && reasonOf(event) === null;
  });
  return { reasonOf, released: await releaseFiltered(tx, qualifying) };
};

/** The filtered events of customers that qualify now, moved back to received (locked, oldest first). */
const releaseFiltered = async (tx: Transaction, keys: string[]): Promise<StripeEventRow[]> => {
  if (keys.length === 0) return [];
  const waiting = await tx
    .select()
    .from(stripeEvent)
    .where(and(eq(stripeEvent.state, 'filtered'), ofCustomers(keys)))
    .orderBy(stripeEvent.id)
    .for('update', { skipLocked: true });
  const ids = waiting.map((row) => row.id);
  if (ids.length === 0) return [];
  await moveEventsStatement(tx, { from: 'filtered', to: 'received', ids, set: { lastError: null } });
  return waiting.map((row) => ({ ...row, state: 'received', lastError: null }));
};

/** The filters of each source, read from its settings once per gate. */
export const sourceFiltersLookup = (sources: Map<string, { settings: Record<string, unknown> }>) => {
  const read = new Map<string, SourceFilters>();
  return (sourceId: string | null): SourceFilters | undefined => {
    const found = sourceId ? sources.get(sourceId) : undefined;
    if (!sourceId || !found) return undefined;
    const filters = read.get(sourceId) ?? filtersOf(found.settings);
    read.set(sourceId, filters);
    return filters;
  };
};
