import { and, eq, inArray, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { CrmObjectType } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { crmLink, stripeEvent, type StripeEventRow } from '../../db/schema.ts';
import { eventTypesBecoming } from '../inbox/event-types.ts';
import type { StoredStage } from './stage-moves.ts';

/**
 * The newest stored event of each of the workspace's Stripe objects that become `objectType` (its
 * second, then its arrival) that still has its payload, ignored ones aside: the state the sync
 * knows, read without asking Stripe.
 */
export const newestEventsBecoming = async (
  db: Db,
  subscriptionId: string,
  objectType: CrmObjectType,
): Promise<StripeEventRow[]> =>
  db
    .selectDistinctOn([stripeEvent.objectId])
    .from(stripeEvent)
    .where(
      and(
        eq(stripeEvent.subscriptionId, subscriptionId),
        inArray(stripeEvent.type, eventTypesBecoming(objectType)),
        sql`${stripeEvent.state} <> 'ignored'`,
        sql`${stripeEvent.objectId} is not null`,
        // A pruned event keeps no object; the state a deal was given keeps its payload (decision 058).
        sql`${stripeEvent.payloadPrunedAt} is null`,
      ),
    )
    .orderBy(stripeEvent.objectId, sql`${stripeEvent.created} desc`, sql`${stripeEvent.id} desc`);

/** The newest stored state of each of the workspace's billing subscriptions. */
export const newestSubscriptionEvents = (db: Db, subscriptionId: string): Promise<StripeEventRow[]> =>
  newestEventsBecoming(db, subscriptionId, 'deals');

export const subscriptionOf = (event: StripeEventRow): Stripe.Subscription =>
  (event.payload as { data: { object: Stripe.Subscription } }).data.object;

/** Where each deal of the destination stands, as last written. */
export const storedStages = async (db: Db, destinationId: string): Promise<Map<string, StoredStage>> => {
  const rows = await db
    .select({ id: crmLink.stripeObjectId, pipeline: crmLink.dealPipeline, stage: crmLink.dealStage })
    .from(crmLink)
    .where(and(eq(crmLink.destinationId, destinationId), eq(crmLink.crmObjectType, 'deals')));
  return new Map(rows.map((row) => [row.id, { pipeline: row.pipeline, stage: row.stage }]));
};
