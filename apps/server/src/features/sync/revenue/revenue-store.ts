import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { revenueFact, type StripeEventRow } from '../../../db/schema.ts';
import type { CustomerStatus, PaymentStatus } from '@billbridge/contract';
import { revenueFactOf, type RevenueFact } from './revenue-facts.ts';

const amounts = ['monthly', 'paid', 'refunded', 'eventCreated'] as const;
const times = ['paymentAt', 'paidAt'] as const;

/** A fact fit to keep: a currency, finite amounts, ids and times of the right kind. */
const wellFormed = (fact: RevenueFact): boolean =>
  typeof fact.stripeObjectId === 'string' &&
  typeof fact.currency === 'string' &&
  /^[a-z]{3}$/i.test(fact.currency) &&
  (fact.stripeCustomerId === null || typeof fact.stripeCustomerId === 'string') &&
  amounts.every((key) => Number.isFinite(fact[key])) &&
  times.every((key) => fact[key] === null || Number.isInteger(fact[key]));

/**
 * A payload the facts cannot be read from counts for nothing (the sync reports a poison event
 * itself); whole amounts are kept whole for their bigint columns.
 */
const readableFact = (event: StripeEventRow): RevenueFact | undefined => {
  try {
    const fact = revenueFactOf(event.type, event.payload.data.object, event.created);
    if (!fact) return undefined;
    const kept = { ...fact, paid: Math.round(fact.paid ?? 0), refunded: Math.round(fact.refunded ?? 0) };
    return wellFormed(kept) ? kept : undefined;
  } catch {
    return undefined;
  }
};

/** The newest fact of each Stripe object among a round's events (later second, then later arrival). */
const newestFacts = (events: readonly StripeEventRow[]): { fact: RevenueFact; eventRowIds: number[] }[] => {
  const newest = new Map<string, { fact: RevenueFact; id: number }>();
  const eventsOf = new Map<string, number[]>();
  for (const event of events) {
    if (event.payloadPrunedAt || !event.payload.data?.object) continue;
    const fact = readableFact(event);
    if (!fact?.stripeObjectId) continue;
    eventsOf.set(fact.stripeObjectId, [...(eventsOf.get(fact.stripeObjectId) ?? []), event.id]);
    const known = newest.get(fact.stripeObjectId);
    const later =
      !known ||
      fact.eventCreated > known.fact.eventCreated ||
      (fact.eventCreated === known.fact.eventCreated && event.id > known.id);
    if (later) newest.set(fact.stripeObjectId, { fact, id: event.id });
  }
  return [...newest.values()].map(({ fact }) => ({
    fact,
    eventRowIds: eventsOf.get(fact.stripeObjectId) ?? [],
  }));
};

/** A dispute's customer is its charge's, as the charge's own fact remembers it. */
const withDisputeCustomers = async (db: Db, workspace: string, facts: RevenueFact[]) => {
  const charges = facts.flatMap((fact) => (fact.kind === 'dispute' && fact.status ? [fact.status] : []));
  if (!charges.length) return;
  const known = await db
    .select({ id: revenueFact.stripeObjectId, customer: revenueFact.stripeCustomerId })
    .from(revenueFact)
    .where(and(eq(revenueFact.subscriptionId, workspace), inArray(revenueFact.stripeObjectId, charges)));
  const inRound = new Map(facts.map((fact) => [fact.stripeObjectId, fact.stripeCustomerId]));
  const customerOf = new Map(known.map((row) => [row.id, row.customer]));
  for (const fact of facts) {
    if (fact.kind !== 'dispute' || !fact.status) continue;
    fact.stripeCustomerId = inRound.get(fact.status) ?? customerOf.get(fact.status) ?? null;
  }
};

/**
 * Keeps what the round's events say about revenue, each object's newest state winning over an
 * older one whatever order they arrive in (a backfill after a live event changes nothing), and
 * returns the customers whose figures that may change, with the events that change them: the
 * objects' customers now and before (a billing subscription moved between customers changes both).
 */
export const recordRevenueFacts = async (
  db: Db,
  workspace: string,
  events: readonly StripeEventRow[],
): Promise<Map<string, number[]>> => {
  const newest = newestFacts(events);
  const facts = newest.map(({ fact }) => fact);
  if (!facts.length) return new Map();
  await withDisputeCustomers(db, workspace, facts);
  const before = await db
    .select({ id: revenueFact.stripeObjectId, customer: revenueFact.stripeCustomerId })
    .from(revenueFact)
    .where(
      and(
        eq(revenueFact.subscriptionId, workspace),
        inArray(
          revenueFact.stripeObjectId,
          facts.map((fact) => fact.stripeObjectId),
        ),
      ),
    );
  const rows = facts.map((fact) => ({ ...fact, subscriptionId: workspace }));
  await db
    .insert(revenueFact)
    .values(rows)
    .onConflictDoUpdate({
      target: [revenueFact.subscriptionId, revenueFact.stripeObjectId],
      set: Object.fromEntries(
        (
          [
            'stripeCustomerId',
            'currency',
            'monthly',
            'status',
            'paid',
            'refunded',
            'paymentStatus',
            'paymentAt',
            'paidAt',
            'eventCreated',
          ] as const
        ).map((key) => [key, sql.raw(`excluded.${revenueFact[key].name}`)]),
      ),
      setWhere: sql`${revenueFact.eventCreated} <= excluded.event_created`,
    });
  const changed = new Map<string, number[]>();
  const eventsOf = new Map(newest.map(({ fact, eventRowIds }) => [fact.stripeObjectId, eventRowIds]));
  const touched = [
    ...before.map((row) => ({ id: row.id, customer: row.customer })),
    ...facts.map((fact) => ({ id: fact.stripeObjectId, customer: fact.stripeCustomerId })),
  ];
  for (const { id, customer } of touched) {
    if (!customer) continue;
    changed.set(customer, [...new Set([...(changed.get(customer) ?? []), ...(eventsOf.get(id) ?? [])])]);
  }
  return changed;
};

/** A customer's revenue, amounts in minor units per currency (converted for a portal later). */
export type CustomerRevenue = {
  mrr: Map<string, number>;
  ltv: Map<string, number>;
  status: CustomerStatus;
  firstPaymentAt: number | null;
  lastPaymentAt: number | null;
  lastPaymentStatus: PaymentStatus | null;
};

/** Highest first: a customer with one active and one canceled subscription is active. */
const statusOrder = [
  ['active', ['active']],
  ['trialing', ['trialing']],
  ['past_due', ['past_due', 'unpaid']],
  ['canceled', ['canceled', 'incomplete_expired', 'paused']],
] as const;

const add = (sums: Map<string, number>, currency: string, amount: number) => {
  if (amount) sums.set(currency, (sums.get(currency) ?? 0) + amount);
};

type FactRow = typeof revenueFact.$inferSelect;

export const revenueOf = (facts: readonly FactRow[]): CustomerRevenue => {
  const revenue: CustomerRevenue = {
    mrr: new Map(),
    ltv: new Map(),
    status: 'none',
    firstPaymentAt: null,
    lastPaymentAt: null,
    lastPaymentStatus: null,
  };
  const statuses = new Set(facts.flatMap((fact) => (fact.kind === 'subscription' ? [fact.status] : [])));
  revenue.status = statusOrder.find(([, of]) => of.some((each) => statuses.has(each)))?.[0] ?? 'none';
  for (const fact of facts) {
    add(revenue.mrr, fact.currency, fact.monthly);
    add(revenue.ltv, fact.currency, fact.paid - fact.refunded);
    if (fact.paidAt !== null && (revenue.firstPaymentAt === null || fact.paidAt < revenue.firstPaymentAt))
      revenue.firstPaymentAt = fact.paidAt;
    if (fact.paymentAt !== null && fact.paymentStatus && fact.paymentAt >= (revenue.lastPaymentAt ?? 0)) {
      revenue.lastPaymentAt = fact.paymentAt;
      revenue.lastPaymentStatus = fact.paymentStatus as PaymentStatus;
    }
  }
  return revenue;
};

const rank = (status: CustomerStatus) => {
  const index = statusOrder.findIndex(([name]) => name === status);
  return index < 0 ? statusOrder.length : index;
};

/**
 * Several customers' revenue as one (a company's, the sum of its contacts'): amounts added per
 * currency, the most engaged status, the earliest first and the latest last payment.
 */
export const summedRevenue = (revenues: readonly CustomerRevenue[]): CustomerRevenue => {
  const sum = revenueOf([]);
  for (const revenue of revenues) {
    for (const [currency, amount] of revenue.mrr) add(sum.mrr, currency, amount);
    for (const [currency, amount] of revenue.ltv) add(sum.ltv, currency, amount);
    if (rank(revenue.status) < rank(sum.status)) sum.status = revenue.status;
    const first = revenue.firstPaymentAt;
    if (first !== null && (sum.firstPaymentAt === null || first < sum.firstPaymentAt))
      sum.firstPaymentAt = first;
    if (revenue.lastPaymentAt !== null && revenue.lastPaymentAt >= (sum.lastPaymentAt ?? 0)) {
      sum.lastPaymentAt = revenue.lastPaymentAt;
      sum.lastPaymentStatus = revenue.lastPaymentStatus;
    }
  }
  return sum;
};

/** The revenue of each of a workspace's customers named, from their kept facts. */
export const customerRevenues = async (
  db: Db,
  workspace: string,
  customers: readonly string[],
): Promise<Map<string, CustomerRevenue>> => {
  if (!customers.length) return new Map();
  const facts = await db
    .select()
    .from(revenueFact)
    .where(and(eq(revenueFact.subscriptionId, workspace), inArray(revenueFact.stripeCustomerId, customers)));
  return new Map(
    customers.map((customer) => [
      customer,
      revenueOf(facts.filter((fact) => fact.stripeCustomerId === customer)),
    ]),
  );
};
