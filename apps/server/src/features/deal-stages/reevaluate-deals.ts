import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { stripeEvent, type StripeEventRow } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit, type AuditedCall } from '../../functions/audit-trail.ts';
import { loadDestination } from '../destinations/destination-store.ts';
import { enqueueDrain } from '../inbox/drain-queue.ts';
import { reevaluatedType } from '../inbox/event-types.ts';
import { rulesOf } from '../destinations/destination-store.ts';
import { movesToApi, stageMovesOf } from './stage-moves.ts';
import { newestSubscriptionEvents, storedStages, subscriptionOf } from './stored-subscriptions.ts';

/**
 * The newest stored state of a billing subscription again, as `customer.subscription.reevaluated`
 * in the same second (ranked last in it), so it takes the sync's path and a newer webhook still
 * wins over it.
 */
const replayOf = (event: StripeEventRow, batch: string) => {
  const eventId = `reevaluate_${batch}_${event.objectId ?? ''}`;
  return {
    accountId: event.accountId,
    eventId,
    type: reevaluatedType,
    livemode: event.livemode,
    created: event.created,
    objectId: event.objectId,
    payload: { ...event.payload, id: eventId, type: reevaluatedType },
    sourceId: event.sourceId,
    subscriptionId: event.subscriptionId,
    state: 'received',
  };
};

/**
 * Deals follow the saved rules (decision 033): each billing subscription whose deal would change
 * stage goes through the sync once more; the others are not touched.
 */
export const reevaluateDeals = implement('reevaluateDeals', async ({ subscriptionId, destinationId }, call) =>
  reevaluate(call, subscriptionId, destinationId),
);

const reevaluate = async (
  call: AuditedCall & { app: AppContext },
  subscriptionId: string,
  destinationId: string,
) => {
  const { app } = call;
  const { db } = app.database;
  const row = await loadDestination(db, subscriptionId, destinationId);
  const events = await newestSubscriptionEvents(db, subscriptionId);
  const moves = stageMovesOf(events.map(subscriptionOf), rulesOf(row), await storedStages(db, destinationId));
  const moving = new Set([...moves.moving.values()].flatMap((move) => move.subscriptionIds));
  const replays = events.filter((event) => event.objectId && moving.has(event.objectId));
  if (replays.length > 0) {
    const batch = randomUUID();
    await db.transaction(async (tx) => {
      for (let start = 0; start < replays.length; start += 500) {
        await tx
          .insert(stripeEvent)
          .values(replays.slice(start, start + 500).map((event) => replayOf(event, batch)));
      }
      await enqueueDrain(app.queue, subscriptionId, { tx });
      await recordAudit(tx, call, {
        kind: 'deals.reevaluated',
        target: { type: 'destination', id: row.id, name: row.name },
        after: { deals: replays.length },
      });
    });
  }
  return { moves: movesToApi(moves) };
};
