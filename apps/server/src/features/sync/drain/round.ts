import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { destination, type DestinationRow, type StripeEventRow } from '../../../db/schema.ts';
import { turnBatch } from '../../../db/turn-batch.ts';
import { syncingDestinationsOf } from '../../destinations/destination-store.ts';
import { fetchCustomers, loadRounds, type LoadedRound } from '../plan/load-round.ts';
import { planRound } from '../plan/plan-round.ts';
import { TransientError } from '../../../providers/retry.ts';
import { settlementOf, type DestinationRound } from '../settle/outcomes.ts';
import { settleRounds, waitingFrom, type RoundSettlement, type Waiting } from '../settle/settle.ts';
import { writeDestination } from '../write/write-destination.ts';
import { recordRevenueFacts } from '../revenue/revenue-store.ts';
import { productsNamedBy } from '../../sources/stripe-products.ts';

/** A workspace's round: its due ready events and, when the gate read them, its destinations. */
export type Round = {
  subscriptionId: string;
  events: StripeEventRow[];
  destinations?: DestinationRow[] | undefined;
};

/** A round with what it plans from in each destination it syncs to. */
export type LoadedRoundOf = {
  subscriptionId: string;
  events: StripeEventRow[];
  destinations: { row: DestinationRow; loaded: LoadedRound }[];
};

/**
 * Load: the destinations the gate did not read, then the links of every destination's round, one
 * look each for all the rounds of a pass.
 */
export const load = async (db: Db, rounds: Round[]): Promise<LoadedRoundOf[]> => {
  const unread = rounds.filter((round) => !round.destinations).map((round) => round.subscriptionId);
  const read = unread.length ? await db.select().from(destination).where(syncingDestinationsOf(unread)) : [];
  const rowsOf = (round: Round) =>
    round.destinations ?? read.filter((row) => row.subscriptionId === round.subscriptionId);
  const wanted = rounds.flatMap((round) => rowsOf(round).map((row) => ({ row, events: round.events })));
  const loaded = wanted.length ? await loadRounds(db, wanted) : [];
  let next = 0;
  return rounds.map(({ subscriptionId, events, ...round }) => ({
    subscriptionId,
    events,
    destinations: rowsOf({ subscriptionId, events, ...round }).flatMap((row) => {
      const own = loaded[next++];
      return own ? [{ row, loaded: own }] : [];
    }),
  }));
};

/** The products the round's prices name, when the destination maps product values (decision 078). */
const withProducts = async (
  context: AppContext,
  db: Db,
  events: StripeEventRow[],
  loaded: LoadedRound,
): Promise<LoadedRound> => {
  const named = events.map((event) => ({ sourceId: event.sourceId, object: event.payload.data?.object }));
  return { ...loaded, products: await productsNamedBy(context, db, named, loaded.fieldMappings) };
};

/**
 * Plan and write in one destination: planned from what was loaded (once more with the customers
 * the plan asked Stripe for), then written to its portal; a provider out of reach leaves the
 * events for later.
 */
const planAndWrite = async (
  context: AppContext,
  db: Db,
  events: StripeEventRow[],
  { row, loaded: read }: LoadedRoundOf['destinations'][number],
  revenueChanged: ReadonlyMap<string, number[]>,
): Promise<DestinationRound> => {
  const planOf = (loaded: LoadedRound) =>
    planRound(events, loaded.rules, loaded.links, loaded, loaded.fieldMappings);
  try {
    const loaded = await withProducts(context, db, events, read);
    const planned = planOf(loaded);
    const customers = await fetchCustomers(context, db, planned);
    const plan = customers.size ? planOf({ ...loaded, customers }) : planned;
    return {
      destination: row,
      plan,
      write: await writeDestination(context, db, row, plan, loaded.links, revenueChanged),
    };
  } catch (error) {
    if (!(error instanceof TransientError)) throw error;
    return { destination: row, plan: planOf(read), transient: error.message };
  }
};

/**
 * A workspace's round planned and written to each of its destinations in turn (no transaction is
 * open during the calls), as the settle step records it.
 */
export const write = async (
  context: AppContext,
  db: Db,
  { subscriptionId, events, destinations }: LoadedRoundOf,
): Promise<RoundSettlement> => {
  const rounds: DestinationRound[] = [];
  // What the events say about revenue is kept once per workspace, for every destination to read.
  const revenueChanged = destinations.length
    ? await recordRevenueFacts(db, subscriptionId, events)
    : new Map<string, number[]>();
  for (const each of destinations) rounds.push(await planAndWrite(context, db, events, each, revenueChanged));
  return settlementOf(subscriptionId, events, rounds);
};

/**
 * Settle, for one drain: the rounds written in the same turn of the event loop are recorded in one
 * statement (`turnBatch`), which also says what waits in each inbox besides; a round that takes
 * longer holds no other back.
 */
export const settlerOf = (context: AppContext, db: Db): ((round: RoundSettlement) => Promise<Waiting>) =>
  turnBatch(async (rounds: RoundSettlement[]) => {
    const left = await settleRounds(context, db, rounds);
    return rounds.map((round) => left.get(round.subscriptionId) ?? waitingFrom(undefined));
  });
