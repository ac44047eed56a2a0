import type { AppContext } from '../../../context.ts';
import { enqueueDrain, enqueueDrains } from './drain-queue.ts';
import { gateReceived, gateWorkspaces } from '../gate/gate.ts';
import { dueReadyEvents, roundSize } from '../plan/load-round.ts';
import { playRounds, writeRound } from './round.ts';
import {
  settleRounds,
  waitingFrom,
  waitingQuery,
  type RoundSettlement,
  type Waiting,
  type WaitingRow,
} from '../settle/settle.ts';
import { queryRows } from '../../../db/client.ts';

/** A drain hands its worker slot back after this long, so one tenant's backlog never starves others. */
export const sliceMs = 3_000;
/**
 * Under load, rounds start at most this often per workspace: events gather into fuller batches
 * (fewer HubSpot calls per event), while a lone event is written at once. A full round's worth
 * waiting (`roundSize`) starts at once: such a backlog fills its batches without waiting.
 */
export const roundSpacingMs = 700;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * When the last round started of each workspace whose drain ended with its slice (events still
 * due) in this process: the drain that follows keeps the spacing instead of starting a round of
 * the few events gathered since. A drain that ran dry leaves none, so a lone event after a quiet
 * spell is written at once.
 */
const lastRoundAt = new Map<string, number>();

/** Where a workspace's drain stands: when it began, its last round, and what its last settle left. */
type DrainState = { started: number; lastRound: number; left?: Waiting | undefined };

const beginDrain = (subscriptionId: string): DrainState => {
  const lastRound = lastRoundAt.get(subscriptionId) ?? 0;
  lastRoundAt.delete(subscriptionId);
  return { started: Date.now(), lastRound };
};

/** What waits in the workspaces' inboxes, in one look. */
const waitingOf = async (context: AppContext, subscriptionIds: string[]): Promise<Map<string, Waiting>> => {
  const rows = await queryRows<WaitingRow>(context.database.db, waitingQuery(subscriptionIds));
  return new Map(
    subscriptionIds.map((id) => [id, waitingFrom(rows.find((row) => row.subscription_id === id))]),
  );
};

const hasWorkNow = (left: Waiting) =>
  left.received || (left.dueInSeconds !== undefined && left.dueInSeconds <= 0);

/** Whether a round of `events` waits for the spacing since the workspace's last one. */
const spacingWait = (state: DrainState, events: unknown[]) => {
  const wait = state.lastRound + roundSpacingMs - Date.now();
  return wait > 0 && events.length < roundSize ? wait : 0;
};

/** The drain that follows for what is left: now, or when the earliest retry is due. */
const followUp = async (context: AppContext, subscriptionId: string, left: Waiting) => {
  if (left.received) return enqueueDrain(context.queue, subscriptionId);
  if (left.dueInSeconds !== undefined)
    await enqueueDrain(context.queue, subscriptionId, {
      startAfter: Math.max(0, Math.ceil(left.dueInSeconds)),
    });
};

/**
 * A workspace's drain from `state`: gate every received event, then write the ready ones in
 * rounds, until nothing is due or the slice is over; then leave a follow-up drain for what is left.
 */
const drainFrom = async (context: AppContext, subscriptionId: string, state: DrainState): Promise<void> => {
  let { lastRound, left } = state;
  let ranDry = false;
  // A round's settle says what waits besides: a lone event's drain ends there instead of gating
  // and loading again to find nothing, then asking what is left.
  while (Date.now() - state.started < sliceMs) {
    const gated =
      left?.received === false
        ? { events: await dueReadyEvents(context, subscriptionId) }
        : await gateReceived(context, subscriptionId);
    const events = gated.events.slice(0, roundSize);
    if (events.length === 0) {
      left = undefined;
      ranDry = true;
      break;
    }
    const wait = spacingWait({ ...state, lastRound }, events);
    if (wait > 0) {
      await sleep(wait);
      left = undefined;
      continue;
    }
    lastRound = Date.now();
    left = await writeRound(context, subscriptionId, events, gated.destinations);
    if (!hasWorkNow(left)) {
      ranDry = true;
      break;
    }
  }
  if (!ranDry) lastRoundAt.set(subscriptionId, lastRound);
  const waiting = left ?? (await waitingOf(context, [subscriptionId])).get(subscriptionId);
  if (waiting) await followUp(context, subscriptionId, waiting);
};

/** The `sync.drain` job of one workspace (its drain lock held). */
export const drainWorkspace = (context: AppContext, subscriptionId: string): Promise<void> =>
  drainFrom(context, subscriptionId, beginDrain(subscriptionId));

type Settling = { round: RoundSettlement; done: (left: Promise<Waiting | undefined>) => void };

/** Rounds played, waiting for this turn of the event loop to end, per database. */
const settling = new Map<unknown, Settling[]>();

/**
 * Settles a round with the others that finished in the same turn of the event loop, in one
 * statement: the rounds of a fetch that end together settle together, and one that takes longer
 * holds no other back.
 */
const settleInTurn = (context: AppContext, round: RoundSettlement): Promise<Waiting | undefined> =>
  new Promise((resolve) => {
    const key = context.database.db;
    let waiting = settling.get(key);
    if (!waiting) {
      const gathered: Settling[] = [];
      waiting = gathered;
      settling.set(key, gathered);
      setImmediate(() => {
        settling.delete(key);
        const settled = settleRounds(
          context,
          gathered.map(({ round: each }) => each),
        );
        for (const { round: each, done } of gathered)
          done(settled.then((left) => left.get(each.subscriptionId)));
      });
    }
    waiting.push({ round, done: resolve });
  });

/**
 * The drains of several workspaces (their locks held): they share the gate's transaction and the
 * look at their rounds' links; each round is then written and settled on its own (those that end
 * together settle in one statement), and a workspace with more to do goes on alone. Under many
 * tenants' load a drain is mostly one round of one or two events, and its statements, not its
 * work, were what the database and the worker spent most on. `release` hands back a workspace's
 * lock once its drain is done.
 */
export const drainWorkspaces = async (
  context: AppContext,
  subscriptionIds: string[],
  release: (subscriptionIds: string[]) => Promise<void>,
): Promise<void> => {
  const states = new Map(subscriptionIds.map((id) => [id, beginDrain(id)]));
  const gated = await gateWorkspaces(context, subscriptionIds);
  const ofEach = subscriptionIds.map((id) => {
    const { events, destinations } = gated.get(id) ?? { events: [] };
    return { id, state: states.get(id) ?? beginDrain(id), events: events.slice(0, roundSize), destinations };
  });
  const dry = ofEach.filter(({ events }) => events.length === 0).map(({ id }) => id);
  const spaced = ofEach.filter(({ events, state }) => events.length > 0 && spacingWait(state, events) > 0);
  const playing = ofEach.filter(({ events, state }) => events.length > 0 && spacingWait(state, events) === 0);
  if (dry.length) {
    const left = await waitingOf(context, dry);
    await enqueueDrains(
      context.queue,
      dry.filter((id) => left.get(id)?.received),
    );
    for (const id of dry) {
      const waiting = left.get(id);
      if (waiting && !waiting.received) await followUp(context, id, waiting);
    }
    await release(dry);
  }
  const roundAt = Date.now();
  const rounds = await playRounds(
    context,
    playing.map(({ id, events, destinations }) => ({
      subscriptionId: id,
      events,
      ...(destinations ? { destinations } : {}),
    })),
  );
  /** One workspace's drain from its played round on: settled, then done or going on alone. */
  const goOn = async ({ id, state }: (typeof ofEach)[number], round?: Promise<RoundSettlement>) => {
    const left = round ? await settleInTurn(context, await round) : undefined;
    if (left && !hasWorkNow(left)) await followUp(context, id, left);
    else await drainFrom(context, id, left ? { ...state, lastRound: roundAt, left } : state);
    await release([id]);
  };
  // Every drain ends before this does (and the locks go): a failed one takes no other with it.
  const drained = await Promise.allSettled([
    ...spaced.map((each) => goOn(each)),
    ...playing.map((each, index) => goOn(each, rounds[index])),
  ]);
  const failed = drained.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
};
