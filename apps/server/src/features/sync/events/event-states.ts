/**
 * The life of an inbox event (STYLE §7: a state machine as data).
 *
 * received → ready (passed the gate, counted) → done (written, or nothing to write)
 * received → ignored (gate said no: disabled, toggle off, canceled, unknown account)
 * received → held (capped workspace, no connected destination) → received (replay)
 * ready → failed (dead-lettered after repeated record errors) → received (replay)
 */
export const eventStates = ['received', 'ready', 'done', 'ignored', 'held', 'failed'] as const;
export type EventState = (typeof eventStates)[number];

export const eventTransitions: Record<EventState, readonly EventState[]> = {
  received: ['ready', 'done', 'ignored', 'held', 'failed'],
  ready: ['done', 'failed', 'held'],
  held: ['received'],
  failed: ['received'],
  ignored: [],
  done: [],
};

/** Why an event waits when its workspace has no HubSpot destination to write to. */
export const heldForDestination = 'Held until a HubSpot destination is connected and enabled';

export const canMove = (from: EventState, to: EventState): boolean => eventTransitions[from].includes(to);
