import { and, asc, eq, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { pipelineMappingRuleSchema, type PipelineMappingRule } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import {
  crmLink,
  destination,
  source,
  stripeEvent,
  type DestinationRow,
  type StripeEventRow,
} from '../../db/schema.ts';
import { syncingDestinationsOf } from '../destinations/destination-store.ts';
import { keepKnownStages, writesDealStages } from './portal-stages.ts';
import { hubspotAccessToken, refreshHubSpotAccessToken } from '../destinations/hubspot-token.ts';
import { createStripeClient } from '../../providers/stripe-client.ts';
import { uniquelyKeyedTypes, type RecordWrite } from './crm-records.ts';
import { hubspotCrm, TransientCrmError, type CrmClient } from './hubspot-crm.ts';
import { mapCustomer } from './map-stripe.ts';
import { addFetchedCustomers, planRound, type Link, type RoundPlan } from './plan-round.ts';
import { settleRound, type EventOutcome } from './settle.ts';
import { executePlan, type PlanResult, type Removal } from './write-plan.ts';
import {
  currencyOf,
  forgetPortalCurrencies,
  heldForCurrency,
  holdMissingCurrencies,
  portalCurrencies,
  refusedCurrency,
} from './portal-currencies.ts';

/** Events one round takes at most; the writer cuts them into batches of 100 per call. */
export const roundSize = 1000;

export const dueReadyEvents = (context: AppContext, subscriptionId: string): Promise<StripeEventRow[]> =>
  context.database.db
    .select()
    .from(stripeEvent)
    .where(
      and(
        eq(stripeEvent.subscriptionId, subscriptionId),
        eq(stripeEvent.state, 'ready'),
        or(isNull(stripeEvent.notBefore), lte(stripeEvent.notBefore, sql`now()`)),
      ),
    )
    .orderBy(asc(stripeEvent.id))
    .limit(roundSize);

export const rulesOf = (row: DestinationRow): PipelineMappingRule[] => {
  const rules = row.settings.pipeline_mapping_rules;
  if (!Array.isArray(rules)) return [];
  return rules.flatMap((rule) => {
    const parsed = pipelineMappingRuleSchema.safeParse(rule);
    return parsed.success ? [parsed.data] : [];
  });
};

const loadLinks = async (
  context: AppContext,
  destinationId: string,
  stripeIds: string[],
): Promise<Map<string, Link>> => {
  if (stripeIds.length === 0) return new Map();
  const rows = await context.database.db
    .select()
    .from(crmLink)
    .where(and(eq(crmLink.destinationId, destinationId), inArray(crmLink.stripeObjectId, stripeIds)));
  return new Map(rows.map((row) => [`${row.crmObjectType}:${row.stripeObjectId}`, row]));
};

/**
 * Line items HubSpot has for the round's deals that their billing subscription no longer lists
 * (an item removed in Stripe): read from the links, so finding them costs HubSpot nothing.
 */
const removedLineItems = async (
  context: AppContext,
  destinationId: string,
  plan: RoundPlan,
): Promise<Removal[]> => {
  const deals = plan.records.filter((record) => record.objectType === 'deals');
  if (deals.length === 0) return [];
  const current = new Set(
    plan.records
      .filter((record) => record.objectType === 'line_items')
      .map((record) => record.stripeObjectId),
  );
  const linked = await context.database.db
    .select()
    .from(crmLink)
    .where(
      and(
        eq(crmLink.destinationId, destinationId),
        eq(crmLink.crmObjectType, 'line_items'),
        inArray(
          crmLink.parentStripeObjectId,
          deals.map((deal) => deal.stripeObjectId),
        ),
      ),
    );
  return linked.flatMap((link) =>
    link.crmObjectId && link.parentStripeObjectId && !current.has(link.stripeObjectId)
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

/** Reads customers an association needs from the connected account (Stripe-Account header). */
const fetchCustomers = async (context: AppContext, plan: RoundPlan): Promise<RecordWrite[]> => {
  if (plan.missingCustomers.size === 0 || !context.providers.stripe) return [];
  const stripe = createStripeClient(context.providers.stripe);
  const sourceIds = [
    ...new Set([...plan.missingCustomers.values()].map((need) => need.sourceId).filter((id) => id !== null)),
  ];
  const accounts = new Map(
    (sourceIds.length
      ? await context.database.db.select().from(source).where(inArray(source.id, sourceIds))
      : []
    ).map((row) => [row.id, row.accountId]),
  );
  const contacts: RecordWrite[] = [];
  for (const [customerId, need] of plan.missingCustomers) {
    const account = need.sourceId ? accounts.get(need.sourceId) : undefined;
    if (!account) continue;
    let customer: Stripe.Customer | Stripe.DeletedCustomer;
    try {
      customer = await stripe.customers.retrieve(customerId, {}, { stripeAccount: account });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) continue;
      throw new TransientCrmError(`Stripe is unavailable: ${(error as Error).message}`);
    }
    const [record] = mapCustomer(customer).records;
    if (record) contacts.push({ ...record, eventCreated: 0, eventRowIds: need.eventRowIds });
  }
  return contacts;
};

type DestinationRound = {
  destination: DestinationRow;
  plan: RoundPlan;
  result: PlanResult | undefined;
  transient?: string;
  /** Events held for a currency the portal lacks, with the reason. */
  held?: Map<number, string>;
};

/**
 * Holds the plan's records in currencies the portal lacks, writes the rest, and turns HubSpot's
 * refusal of a currency (where the portal's currencies could not be read, or were turned off since)
 * into a hold too. The destination remembers the missing currencies for its page.
 */
const writeInPortalCurrencies = async (
  context: AppContext,
  row: DestinationRow & { hubId: number },
  crm: CrmClient,
  plan: RoundPlan,
  write: () => Promise<PlanResult>,
): Promise<{ result: PlanResult; held: Map<number, string> }> => {
  const held = new Map<number, string>();
  const wanted = new Set(plan.records.flatMap((record) => currencyOf(record) ?? []));
  const enabled = wanted.size ? await portalCurrencies(crm, row.hubId, wanted) : undefined;
  const missing = enabled ? holdMissingCurrencies(plan, enabled, held) : new Set<string>();
  const result = await write();
  for (const [eventRowId, reason] of result.failed) {
    const code = refusedCurrency(reason);
    if (!code) continue;
    result.failed.delete(eventRowId);
    held.set(eventRowId, heldForCurrency(code));
    missing.add(code);
    forgetPortalCurrencies(row.hubId);
  }
  const written = new Set(plan.records.flatMap((record) => currencyOf(record) ?? []));
  const stillMissing = [...new Set([...row.missingCurrencies, ...missing])]
    .filter((code) => missing.has(code) || !(enabled?.has(code) || written.has(code)))
    .sort();
  if (stillMissing.join() !== row.missingCurrencies.join()) {
    await context.database.db
      .update(destination)
      .set({ missingCurrencies: stillMissing })
      .where(eq(destination.id, row.id));
  }
  return { result, held };
};

const writeToDestination = async (
  context: AppContext,
  row: DestinationRow,
  events: StripeEventRow[],
): Promise<DestinationRound> => {
  const links = await loadLinks(context, row.id, referencedIds(events));
  const plan = planRound(events, rulesOf(row), links);
  plan.removals = await removedLineItems(context, row.id, plan);
  try {
    addFetchedCustomers(plan, await fetchCustomers(context, plan));
    if (!row.hubId) throw new TransientCrmError('The destination has no portal id');
    const tokens = {
      current: () => hubspotAccessToken(context, row.id),
      refresh: (rejected: string) => refreshHubSpotAccessToken(context, row.id, rejected),
    };
    const knownIds = new Map(
      [...links].flatMap(([key, link]) => (link.crmObjectId ? [[key, link.crmObjectId] as const] : [])),
    );
    const crm = hubspotCrm(context, row.hubId, tokens);
    if (writesDealStages(plan)) keepKnownStages(plan, await crm.dealPipelines());
    const { result, held } = await writeInPortalCurrencies(
      context,
      { ...row, hubId: row.hubId },
      crm,
      plan,
      () => executePlan(crm, plan, knownIds, uniquelyKeyedTypes(row.scopes)),
    );
    return { destination: row, plan, result, held };
  } catch (error) {
    if (!(error instanceof TransientCrmError)) throw error;
    return { destination: row, plan, result: undefined, transient: error.message };
  }
};

/** Combines what every destination said about each event into one outcome per event. */
const outcomeOf = (eventRowId: number, rounds: DestinationRound[]): EventOutcome => {
  const warnings: string[] = [];
  let note: string | undefined;
  for (const round of rounds) {
    const broken = round.plan.broken.get(eventRowId);
    if (broken) return { kind: 'failed', reason: broken, final: true };
    const settled = round.plan.settled.get(eventRowId);
    if (settled?.status === 'warning') warnings.push(settled.reason);
    if (settled) {
      note = settled.reason;
      continue;
    }
    if (round.transient) return { kind: 'transient', reason: round.transient };
    const held = round.held?.get(eventRowId);
    if (held) return { kind: 'held', reason: held };
    const failure = round.result?.failed.get(eventRowId);
    if (failure) return { kind: 'failed', reason: failure };
    warnings.push(
      ...(round.plan.warnings.get(eventRowId) ?? []),
      ...(round.result?.warnings.get(eventRowId) ?? []),
    );
  }
  return { kind: 'written', warnings: [...new Set(warnings)], note };
};

/**
 * One write round for a workspace: the due ready events, planned and written to each enabled,
 * connected destination (no transaction is open during the calls), then settled in one transaction.
 */
export const writeRound = async (
  context: AppContext,
  subscriptionId: string,
  events: StripeEventRow[],
): Promise<void> => {
  const destinations = await context.database.db
    .select()
    .from(destination)
    .where(syncingDestinationsOf(subscriptionId));
  const rounds: DestinationRound[] = [];
  for (const row of destinations) rounds.push(await writeToDestination(context, row, events));
  await settleRound(context, {
    subscriptionId,
    events,
    outcomes: new Map(
      events.map((event) => [event.id, destinations.length ? outcomeOf(event.id, rounds) : { kind: 'held' }]),
    ),
    links: rounds.flatMap((round) => linksOf(round)),
    unlinks: rounds.flatMap((round) =>
      (round.result?.archived ?? []).map((stripeObjectId) => ({
        destinationId: round.destination.id,
        crmObjectType: 'line_items',
        stripeObjectId,
      })),
    ),
  });
};

export type LinkWrite = {
  destinationId: string;
  crmObjectType: string;
  stripeObjectId: string;
  crmObjectId: string;
  eventCreated: number;
  eventRank: number;
  eventId: string | null;
  parentStripeObjectId: string | null;
  /** A deal's pipeline and stage as written (absent when the portal lacked the stage). */
  dealPipeline?: string | undefined;
  dealStage?: string | undefined;
};

export type Unlink = Pick<LinkWrite, 'destinationId' | 'crmObjectType' | 'stripeObjectId'>;

const linksOf = (round: DestinationRound): LinkWrite[] => {
  if (!round.result) return [];
  const ids = round.result.hubspotIds;
  return round.plan.records.flatMap((record) => {
    const crmObjectId = ids.get(`${record.objectType}:${record.stripeObjectId}`);
    if (!crmObjectId || record.eventRowIds.every((id) => round.result?.failed.has(id))) return [];
    return [
      {
        destinationId: round.destination.id,
        crmObjectType: record.objectType,
        stripeObjectId: record.stripeObjectId,
        crmObjectId,
        eventCreated: record.eventCreated,
        eventRank: record.eventRank ?? 0,
        eventId: record.eventId ?? null,
        parentStripeObjectId: record.parent?.stripeObjectId ?? null,
        ...(record.objectType === 'deals'
          ? { dealPipeline: record.properties.pipeline, dealStage: record.properties.dealstage }
          : {}),
      },
    ];
  });
};
