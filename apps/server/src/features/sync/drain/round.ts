import type { AppContext } from '../../../context.ts';
import { destination, type DestinationRow, type StripeEventRow } from '../../../db/schema.ts';
import { syncingDestinationsOf } from '../../destinations/destination-store.ts';
import { fetchCustomers, loadRounds, type LoadedRound } from '../plan/load-round.ts';
import { planRound } from '../plan/plan-round.ts';
import { TransientError } from '../retry.ts';
import { settlementOf, type DestinationRound } from '../settle/outcomes.ts';
import { settleRound, type RoundSettlement, type Waiting } from '../settle/settle.ts';
import { writeDestination } from '../write/write-destination.ts';

/**
 * Plans the round from what it loaded (once more with the customers the plan asked Stripe for) and
 * writes it to the destination's portal; a provider out of reach leaves its events for later.
 */
const roundIn = async (
  context: AppContext,
  row: DestinationRow,
  events: StripeEventRow[],
  loaded: LoadedRound,
): Promise<DestinationRound> => {
  const planned = planRound(events, loaded.rules, loaded.links, loaded);
  try {
    const customers = await fetchCustomers(context, planned);
    const plan = customers.size
      ? planRound(events, loaded.rules, loaded.links, { ...loaded, customers })
      : planned;
    return { destination: row, plan, write: await writeDestination(context, row, plan, loaded.links) };
  } catch (error) {
    if (!(error instanceof TransientError)) throw error;
    return { destination: row, plan: planned, transient: error.message };
  }
};

/**
 * One write round for a workspace, as the settle step records it: the due ready events, planned
 * and written to each enabled, connected destination (no transaction is open during the calls).
 */
export const playRound = async (
  context: AppContext,
  subscriptionId: string,
  events: StripeEventRow[],
  /** The destinations syncing now, when the caller just read them (the gate does). */
  read?: DestinationRow[],
): Promise<RoundSettlement> => {
  const destinations =
    read ??
    (await context.database.db.select().from(destination).where(syncingDestinationsOf(subscriptionId)));
  const loaded = await loadRounds(
    context,
    destinations.map((row) => ({ row, events })),
  );
  return playLoaded(context, subscriptionId, events, destinations, loaded);
};

/** A workspace's round in each of its destinations, from what was loaded for each. */
const playLoaded = async (
  context: AppContext,
  subscriptionId: string,
  events: StripeEventRow[],
  destinations: DestinationRow[],
  loaded: LoadedRound[],
): Promise<RoundSettlement> => {
  const rounds: DestinationRound[] = [];
  for (const [index, row] of destinations.entries()) {
    const own = loaded[index];
    if (own) rounds.push(await roundIn(context, row, events, own));
  }
  return settlementOf(subscriptionId, events, rounds);
};

/** A workspace's round for `playRounds`: its events and, when the gate read them, its destinations. */
export type RoundToPlay = {
  subscriptionId: string;
  events: StripeEventRow[];
  destinations?: DestinationRow[];
};

/**
 * The rounds of several workspaces, written at once: the links of those whose destinations are
 * known are loaded in one statement first. Each round's promise is its own: one that takes longer,
 * or throws, holds no other back.
 */
export const playRounds = async (
  context: AppContext,
  rounds: RoundToPlay[],
): Promise<Promise<RoundSettlement>[]> => {
  const known = rounds.flatMap(({ events, destinations }) =>
    (destinations ?? []).map((row) => ({ row, events })),
  );
  const loaded = known.length ? await loadRounds(context, known) : [];
  let next = 0;
  return rounds.map(({ subscriptionId, events, destinations }) => {
    if (!destinations) return playRound(context, subscriptionId, events);
    const own = loaded.slice(next, (next += destinations.length));
    return playLoaded(context, subscriptionId, events, destinations, own);
  });
};

/**
 * A workspace's round, played and settled in one statement, which also says what waits in the
 * inbox besides.
 */
export const writeRound = async (
  context: AppContext,
  subscriptionId: string,
  events: StripeEventRow[],
  read?: DestinationRow[],
): Promise<Waiting> => settleRound(context, await playRound(context, subscriptionId, events, read));
