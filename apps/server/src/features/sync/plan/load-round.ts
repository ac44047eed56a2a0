import { and, eq, inArray, or } from 'drizzle-orm';
import Stripe from 'stripe';
import type { FieldMapping, PipelineMappingRule } from '@billbridge/contract';
import { fieldMappingsOf, rulesOf } from '../../destinations/destination-store.ts';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { crmLink, source, type DestinationRow, type StripeEventRow } from '../../../db/schema.ts';
import { sourceStripeClient } from '../../../providers/stripe-client.ts';
import { loseRevokedKey } from '../../connections/key-source-lost.ts';
import { eventTypesBecoming } from '../../inbox/event-types.ts';
import { TransientError } from '../../../providers/retry.ts';
import type { Fetched, Link, RoundPlan } from './plan-round.ts';

/** Events one round takes at most; the writer cuts them into batches of 100 per call. */
export const roundSize = 1000;

/** Stripe ids a round may need links for: each event's object and the customer it refers to. */
const referencedIds = (events: StripeEventRow[]): string[] => {
  const ids = new Set<string>();
  for (const event of events) {
    if (event.objectId) ids.add(event.objectId);
    const { object } = event.payload.data;
    if ('customer' in object && typeof object.customer === 'string') ids.add(object.customer);
    if ('subscription' in object && typeof object.subscription === 'string') ids.add(object.subscription);
    if (object.object === 'invoice') {
      const parentSubscription = object.parent?.subscription_details?.subscription;
      if (typeof parentSubscription === 'string') ids.add(parentSubscription);
    }
  }
  return [...ids];
};

/** The billing subscriptions among the events' objects: their deals' line items are loaded too. */
const billingSubscriptionIds = (events: StripeEventRow[]): string[] => {
  const dealTypes = new Set<string>(eventTypesBecoming('deals'));
  return [
    ...new Set(events.filter((event) => dealTypes.has(event.type)).flatMap((event) => event.objectId ?? [])),
  ];
};

/** What a round for one destination plans from: its rules, the links of the events' objects. */
export type LoadedRound = {
  rules: PipelineMappingRule[];
  fieldMappings: FieldMapping[];
  links: Map<string, Link>;
} & Fetched;

/** A destination's round to load: the destination and the events it is given. */
export type RoundToLoad = { row: DestinationRow; events: StripeEventRow[] };

/** Which links a destination's round needs: those of the Stripe ids it refers to, and its deals' line items. */
const linksWanted = ({ row, events }: RoundToLoad) => {
  const stripeIds = referencedIds(events);
  const billing = billingSubscriptionIds(events);
  const lineItemsOf = and(
    eq(crmLink.crmObjectType, 'line_items'),
    inArray(crmLink.parentStripeObjectId, billing),
  );
  const any = stripeIds.length || billing.length;
  return {
    stripeIds: new Set(stripeIds),
    billing: new Set(billing),
    where: any
      ? and(
          eq(crmLink.destinationId, row.id),
          or(
            ...(stripeIds.length ? [inArray(crmLink.stripeObjectId, stripeIds)] : []),
            ...(billing.length ? [lineItemsOf] : []),
          ),
        )
      : undefined,
  };
};

/**
 * The links of several destinations' rounds in one look: for each, those of the Stripe ids its
 * events refer to, and the linked line items of the billing subscriptions they are about (their
 * deals').
 */
export const loadRounds = async (db: Db, rounds: RoundToLoad[]): Promise<LoadedRound[]> => {
  const wanted = rounds.map(linksWanted);
  const conditions = wanted.flatMap(({ where }) => (where ? [where] : []));
  const rows = conditions.length
    ? await db
        .select()
        .from(crmLink)
        .where(or(...conditions))
    : [];
  return rounds.map(({ row }, index) => {
    const { stripeIds, billing } = wanted[index] ?? { stripeIds: new Set(), billing: new Set() };
    const own = rows.filter((link) => link.destinationId === row.id);
    return {
      rules: rulesOf(row),
      fieldMappings: fieldMappingsOf(row),
      links: new Map(
        own
          .filter((link) => stripeIds.has(link.stripeObjectId))
          .map((link) => [`${link.crmObjectType}:${link.stripeObjectId}`, link]),
      ),
      lineItems: own.filter(
        (link) => link.crmObjectType === 'line_items' && billing.has(link.parentStripeObjectId ?? ''),
      ),
      customers: new Map(),
    };
  });
};

/**
 * Reads the customers a plan asks for from each source's account (the platform's key with
 * `Stripe-Account`, or the source's restricted key); a key Stripe no longer accepts loses its source.
 */
export const fetchCustomers = async (
  context: AppContext,
  db: Db,
  plan: RoundPlan,
): Promise<Fetched['customers']> => {
  const customers = new Map<string, Stripe.Customer | Stripe.DeletedCustomer>();
  const settings = context.providers.stripe;
  if (plan.missingCustomers.size === 0 || !settings) return customers;
  const sourceIds = [
    ...new Set([...plan.missingCustomers.values()].map((need) => need.sourceId).filter((id) => id !== null)),
  ];
  const sources = new Map(
    (sourceIds.length ? await db.select().from(source).where(inArray(source.id, sourceIds)) : []).map(
      (row) => [row.id, row],
    ),
  );
  for (const [customerId, need] of plan.missingCustomers) {
    const row = need.sourceId ? sources.get(need.sourceId) : undefined;
    if (!row?.accountId) continue;
    const { stripe, options } = sourceStripeClient(settings, context.secretBox, row);
    try {
      customers.set(customerId, await stripe.customers.retrieve(customerId, {}, options));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) continue;
      if (await loseRevokedKey(context, row, error)) {
        sources.delete(row.id);
        continue;
      }
      throw new TransientError(`Stripe is unavailable: ${(error as Error).message}`);
    }
  }
  return customers;
};
