import type { AppContext } from '../../../context.ts';
import { enqueueDrain, enqueueDrains } from './drain-queue.ts';
import { gateReceived, gateWorkspaces } from '../gate/gate.ts';
import { dueReadyEvents, roundSize } from '../plan/load-round.ts';
import { playRounds, writeRound } from './round.ts';
import { settleRounds, waitingFrom, waitingQuery, type Waiting, type WaitingRow } from '../settle/settle.ts';
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

/**
 * The drains of several workspaces (their locks held): their first rounds share the gate's
 * transaction and the settle statement, and their rounds are written at once; a workspace with
 * more to do goes on alone. Under many tenants' load a drain is mostly one round of one or two
 * events, and its statements, not its work, were what the database and the worker spent most on.
 * `release` hands back the locks of the workspaces done.
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
  const roundAt = Date.now();
  const played = await playRounds(
    context,
    playing.map(({ id, events, destinations }) => ({
      subscriptionId: id,
      events,
      ...(destinations ? { destinations } : {}),
    })),
  );
  const settlements = played.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const left = new Map([
    ...(settlements.length ? await settleRounds(context, settlements) : []),
    ...(dry.length ? await waitingOf(context, dry) : []),
  ]);
  const goOn = [
    ...spaced.map(({ id, state }) => ({ id, state })),
    ...playing.flatMap(({ id, state }) => {
      const waiting = left.get(id);
      return waiting && hasWorkNow(waiting)
        ? [{ id, state: { ...state, lastRound: roundAt, left: waiting } }]
        : [];
    }),
  ];
  const done = subscriptionIds.filter((id) => !goOn.some((going) => going.id === id));
  await enqueueDrains(
    context.queue,
    done.filter((id) => left.get(id)?.received),
  );
  for (const id of done) {
    const waiting = left.get(id);
    if (waiting && !waiting.received) await followUp(context, id, waiting);
  }
  await release(done);
  const failed = played.find((outcome) => outcome.status === 'rejected');
  await Promise.all(
    goOn.map(async ({ id, state }) => {
      await drainFrom(context, id, state);
      await release([id]);
    }),
  );
  if (failed) throw failed.reason;
};
