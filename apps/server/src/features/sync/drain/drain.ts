import type { AppContext } from '../../../context.ts';
import { enqueueDrain } from './drain-queue.ts';
import { gateReceived } from '../gate/gate.ts';
import { dueReadyEvents, roundSize } from '../plan/load-round.ts';
import { writeRound } from './round.ts';
import { waitingFrom, waitingQuery, type Waiting, type WaitingRow } from '../settle/settle.ts';
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

/** What waits in the workspace's inbox. */
const waitingOf = async (context: AppContext, subscriptionId: string): Promise<Waiting> => {
  const [row] = await queryRows<WaitingRow>(context.database.db, waitingQuery(subscriptionId));
  return waitingFrom(row);
};

const hasWorkNow = (left: Waiting) =>
  left.received || (left.dueInSeconds !== undefined && left.dueInSeconds <= 0);

/**
 * The `sync.drain` job: gate every received event of the workspace, then write the ready ones in
 * rounds, until nothing is due or the slice is over; then leave a follow-up drain for what is left
 * (now, or when the earliest retry is due).
 */
export const drainWorkspace = async (context: AppContext, subscriptionId: string): Promise<void> => {
  const started = Date.now();
  let lastRound = lastRoundAt.get(subscriptionId) ?? 0;
  lastRoundAt.delete(subscriptionId);
  let ranDry = false;
  // A round's settle says what waits besides: a lone event's drain ends there instead of gating
  // and loading again to find nothing, then asking what is left.
  let left: Waiting | undefined;
  while (Date.now() - started < sliceMs) {
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
    const wait = lastRound + roundSpacingMs - Date.now();
    if (wait > 0 && events.length < roundSize) {
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
  const { received, dueInSeconds } = left ?? (await waitingOf(context, subscriptionId));
  if (received) return enqueueDrain(context.queue, subscriptionId);
  if (dueInSeconds !== undefined)
    await enqueueDrain(context.queue, subscriptionId, { startAfter: Math.max(0, Math.ceil(dueInSeconds)) });
};
