import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { activityReasons } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { stripeEvent } from '../../db/schema.ts';

/**
 * The life of an inbox event (STYLE §7: a state machine as data). Events enter as `received`
 * (or `ignored`, ingest's verdict on an unknown account or mode); from there:
 *
 * received → ready (passed the gate, counted) → done (written, or nothing to write)
 * received → done (nothing to sync for its type) | ignored (disabled, toggle off, canceled)
 * received → held (capped workspace, no connected destination) → received (replay)
 * ready → held (no destination, a currency the portal lacks) → received (replay)
 * ready → failed (dead-lettered after repeated record errors) → received (replay)
 * received → filtered (the source's filters hold its customer back) → received (the customer
 *   qualifies, or the filters change: decision 069)
 */
export const eventStates = ['received', 'ready', 'done', 'ignored', 'held', 'failed', 'filtered'] as const;
export type EventState = (typeof eventStates)[number];

export const eventTransitions: Record<EventState, readonly EventState[]> = {
  received: ['ready', 'done', 'ignored', 'held', 'filtered'],
  ready: ['done', 'failed', 'held'],
  held: ['received'],
  failed: ['received'],
  filtered: ['received'],
  ignored: [],
  done: [],
};

/** Why an event waits when its workspace has no HubSpot destination to write to. */
export const heldForDestination = activityReasons.heldForDestination;

/** A ready event whose backoff, if any, is over: a round may take it now. */
export const dueReady = and(
  eq(stripeEvent.state, 'ready'),
  or(isNull(stripeEvent.notBefore), lte(stripeEvent.notBefore, sql`now()`)),
);

/** The columns that go with a state: a ready event's attempts, backoff and last error. */
export type EventColumns = Partial<
  Pick<typeof stripeEvent.$inferInsert, 'attempts' | 'notBefore' | 'lastError'>
>;

export type EventMove = {
  from: EventState | readonly EventState[];
  /** The same state as `from`: the event stays, with new columns (a retry's backoff, say). */
  to: EventState;
  ids?: readonly number[];
  subscriptionId?: string;
  /** Only the events whose last error is one of these (held for a given reason, say). */
  lastErrors?: readonly string[];
  set?: EventColumns;
};

/**
 * The only writer of `stripe_event.state` once an event is stored: the statement that moves the
 * events still in `from` to `to`, as `eventTransitions` allows, with the columns given, returning
 * the ids it moved. An event moved meanwhile (a replay during a round, say) is left alone. Run it
 * with `moveEvents`, or inside another statement (a CTE), so a round settles in one statement.
 */
export const moveEventsStatement = (db: Db, move: EventMove) => {
  const from = typeof move.from === 'string' ? [move.from] : move.from;
  const refused = from.find((state) => state !== move.to && !eventTransitions[state].includes(move.to));
  if (refused) throw new Error(`An inbox event cannot move from ${refused} to ${move.to}`);
  return db
    .update(stripeEvent)
    .set({ ...move.set, state: move.to })
    .where(
      and(
        inArray(stripeEvent.state, [...from]),
        ...(move.ids ? [inArray(stripeEvent.id, [...move.ids])] : []),
        ...(move.subscriptionId ? [eq(stripeEvent.subscriptionId, move.subscriptionId)] : []),
        ...(move.lastErrors ? [inArray(stripeEvent.lastError, [...move.lastErrors])] : []),
      ),
    )
    .returning({ id: stripeEvent.id });
};

/** Moves events (see `moveEventsStatement`); returns the ids it moved. */
export const moveEvents = async (db: Db, move: EventMove): Promise<number[]> => {
  const statement = moveEventsStatement(db, move);
  if (move.ids?.length === 0) return [];
  return (await statement).map((row) => row.id);
};
