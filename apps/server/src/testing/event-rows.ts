import type { StripeEventRow } from '../db/schema.ts';

let nextId = 1;

/** A stored Stripe event as the round planner reads it, for unit tests of the sync engine. */
export const eventRowOf = (
  type: string,
  object: Record<string, unknown>,
  created: number,
): StripeEventRow => ({
  id: nextId++,
  accountId: 'acct_1',
  eventId: `evt_${nextId}`,
  type,
  livemode: false,
  created,
  objectId: String(object.id),
  // A fixture carries the fields a test needs, not a whole Stripe object.
  payload: { type, data: { object } } as unknown as StripeEventRow['payload'],
  rawPayload: null,
  sourceId: 'source-1',
  subscriptionId: 'workspace-1',
  state: 'ready',
  attempts: 0,
  notBefore: null,
  lastError: null,
  receivedAt: new Date(),
  payloadPrunedAt: null,
});
