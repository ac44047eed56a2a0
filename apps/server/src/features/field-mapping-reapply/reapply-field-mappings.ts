import { randomUUID } from 'node:crypto';
import { stripeEvent, type StripeEventRow } from '../../db/schema.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { implement } from '../../functions/framework.ts';
import { destinationCrm } from '../destinations/destination-crm.ts';
import { fieldMappingsOf, loadDestination, rulesOf } from '../destinations/destination-store.ts';
import { enqueueDrain } from '../inbox/drain-queue.ts';
import { eventTypeOf, reevaluatedTypes } from '../inbox/event-types.ts';
import { fieldMappingImpact } from './field-mapping-impact.ts';
import { mappedRecords } from './mapped-records.ts';

/**
 * The newest stored state of a Stripe object again, as `<object>.reevaluated` in the same second
 * (ranked last in it): it takes the sync's path, batched and budgeted, and a newer webhook still wins.
 */
const replayOf = (event: StripeEventRow, batch: string) => {
  const type = reevaluatedTypes[eventTypeOf(event.type).hubspot as keyof typeof reevaluatedTypes];
  const eventId = `reapply_${batch}_${event.objectId ?? ''}`;
  return {
    accountId: event.accountId,
    eventId,
    type,
    livemode: event.livemode,
    created: event.created,
    objectId: event.objectId,
    payload: { ...event.payload, id: eventId, type },
    sourceId: event.sourceId,
    subscriptionId: event.subscriptionId,
    state: 'received',
  };
};

/**
 * Re-applies the saved field mappings (decision 072): each Stripe object with a synced record whose
 * mapped values differ in HubSpot goes through the sync once more; the others are not touched.
 */
export const reapplyFieldMappings = implement(
  'reapplyFieldMappings',
  async ({ subscriptionId, destinationId }, call) => {
    const { db } = call.app.database;
    const row = await loadDestination(db, subscriptionId, destinationId);
    const crm = () => destinationCrm(call.app, row);
    const records = await mappedRecords(
      call.app,
      { subscriptionId, destinationId },
      rulesOf(row),
      fieldMappingsOf(row),
    );
    const { objects, changing } = await fieldMappingImpact(crm, records);
    // A deal and its line items come from one billing subscription: it is replayed once.
    const events = [...new Map(changing.map(({ event }) => [event.id, event])).values()];
    if (events.length === 0) return { objects };
    const batch = randomUUID();
    await db.transaction(async (tx) => {
      for (let start = 0; start < events.length; start += 500) {
        await tx
          .insert(stripeEvent)
          .values(events.slice(start, start + 500).map((event) => replayOf(event, batch)));
      }
      await enqueueDrain(call.app.queue, subscriptionId, { tx });
      await recordAudit(tx, call, {
        kind: 'field_mappings.reapplied',
        target: { type: 'destination', id: row.id, name: row.name },
        after: { records: changing.length },
      });
    });
    return { objects };
  },
);
