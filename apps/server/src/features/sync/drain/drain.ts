import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { stripeEvent } from '../../../db/schema.ts';
import { enqueueDrain } from './drain-queue.ts';
import { gateReceived } from '../gate/gate.ts';
import { dueReadyEvents } from '../plan/load-round.ts';
import { writeRound } from './round.ts';

/** A drain hands its worker slot back after this long, so one tenant's backlog never starves others. */
export const sliceMs = 3_000;
/**
 * Under load, rounds start at most this often per workspace: events gather into fuller batches
 * (fewer HubSpot calls per event), while a lone event is written at once.
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

/** Seconds until the earliest waiting ready event is due, if any. */
const nextDueInSeconds = async (context: AppContext, subscriptionId: string): Promise<number | undefined> => {
  const [row] = await context.database.db
    .select({
      seconds: sql<
        number | null
      >`extract(epoch from min(coalesce(${stripeEvent.notBefore}, now())) - now())::float8`,
    })
    .from(stripeEvent)
    .where(and(eq(stripeEvent.subscriptionId, subscriptionId), eq(stripeEvent.state, 'ready')));
  return row?.seconds ?? undefined;
};

const hasReceived = async (context: AppContext, subscriptionId: string): Promise<boolean> => {
  const rows = await context.database.db
    .select({ id: stripeEvent.id })
    .from(stripeEvent)
    .where(and(eq(stripeEvent.subscriptionId, subscriptionId), eq(stripeEvent.state, 'received')))
    .limit(1);
  return rows.length > 0;
};

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
  while (Date.now() - started < sliceMs) {
    await gateReceived(context, subscriptionId);
    const events = await dueReadyEvents(context, subscriptionId);
    if (events.length === 0) {
      ranDry = true;
      break;
    }
    const wait = lastRound + roundSpacingMs - Date.now();
    if (wait > 0) {
      await sleep(wait);
      continue;
    }
    lastRound = Date.now();
    await writeRound(context, subscriptionId, events);
  }
  if (!ranDry) lastRoundAt.set(subscriptionId, lastRound);
  if (await hasReceived(context, subscriptionId)) return enqueueDrain(context.queue, subscriptionId);
  const dueIn = await nextDueInSeconds(context, subscriptionId);
  if (dueIn !== undefined)
    await enqueueDrain(context.queue, subscriptionId, { startAfter: Math.max(0, Math.ceil(dueIn)) });
};
