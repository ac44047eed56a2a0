import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import { stripeEvent } from '../../../db/schema.ts';

/**
 * The life of an inbox event (STYLE §7: a state machine as data). Events enter as `received`
 * (or `ignored`, ingest's verdict on an unknown account or mode); from there:
 *
 * received → ready (passed the gate, counted) → done (written, or nothing to write)
 * received → done (nothing to sync for its type) | ignored (disabled, toggle off, canceled)
 * received → held (capped workspace, no connected destination) → received (replay)
 * ready → held (no destination, a currency the portal lacks) → received (replay)
 * ready → failed (dead-lettered after repeated record errors) → received (replay)
 */
export const eventStates = ['received', 'ready', 'done', 'ignored', 'held', 'failed'] as const;
export type EventState = (typeof eventStates)[number];

export const eventTransitions: Record<EventState, readonly EventState[]> = {
  received: ['ready', 'done', 'ignored', 'held'],
  ready: ['done', 'failed', 'held'],
  held: ['received'],
  failed: ['received'],
  ignored: [],
  done: [],
};

/** Why an event waits when its workspace has no HubSpot destination to write to. */
export const heldForDestination = 'Held until a HubSpot destination is connected and enabled';

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
 * The only writer of `stripe_event.state` once an event is stored: moves the events that are
 * still in `from` to `to`, as `eventTransitions` allows, with the columns given. An event moved
 * meanwhile (a replay during a round, say) is left alone. Returns the ids it moved.
 */
export const moveEvents = async (tx: Transaction, move: EventMove): Promise<number[]> => {
  const from = typeof move.from === 'string' ? [move.from] : move.from;
  const refused = from.find((state) => state !== move.to && !eventTransitions[state].includes(move.to));
  if (refused) throw new Error(`An inbox event cannot move from ${refused} to ${move.to}`);
  if (move.ids?.length === 0) return [];
  const moved = await tx
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
  return moved.map((row) => row.id);
};
