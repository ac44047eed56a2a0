import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { stripeEvent } from '../../../db/schema.ts';
import { enqueueDrain } from './drain-queue.ts';
import { gateReceived } from '../gate/gate.ts';
import { dueReadyEvents, roundSize } from '../plan/load-round.ts';
import { writeRound } from './round.ts';

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

/** What a drain leaves behind: received events not gated yet, and when the earliest ready one is due. */
type Left = { received: boolean; dueInSeconds: number | undefined };

/** The workspace's waiting events in one look (the state index holds them). */
const leftOf = async (context: AppContext, subscriptionId: string): Promise<Left> => {
  const [row] = await context.database.db
    .select({
      received: sql<boolean | null>`bool_or(${stripeEvent.state} = 'received')`,
      dueInSeconds: sql<number | null>`extract(epoch from min(coalesce(${stripeEvent.notBefore}, now()))
        filter (where ${stripeEvent.state} = 'ready') - now())::float8`,
    })
    .from(stripeEvent)
    .where(
      and(eq(stripeEvent.subscriptionId, subscriptionId), inArray(stripeEvent.state, ['received', 'ready'])),
    );
  return { received: row?.received === true, dueInSeconds: row?.dueInSeconds ?? undefined };
};

const hasWorkNow = (left: Left) =>
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
  // After a round, one look says whether another is due: a lone event's drain ends there instead
  // of gating and loading again to find nothing, then asking twice what is left.
  let left: Left | undefined;
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
    await writeRound(context, subscriptionId, events, gated.destinations);
    left = await leftOf(context, subscriptionId);
    if (!hasWorkNow(left)) {
      ranDry = true;
      break;
    }
  }
  if (!ranDry) lastRoundAt.set(subscriptionId, lastRound);
  const { received, dueInSeconds } = left ?? (await leftOf(context, subscriptionId));
  if (received) return enqueueDrain(context.queue, subscriptionId);
  if (dueInSeconds !== undefined)
    await enqueueDrain(context.queue, subscriptionId, { startAfter: Math.max(0, Math.ceil(dueInSeconds)) });
};
