import { and, eq, or } from 'drizzle-orm';
import { AppError, retryMessages, type ActivityWrite } from '@billbridge/contract';
import { activity, crmLink, destination, stripeEvent } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import type { AppContext } from '../../context.ts';
import { activityLogItemOf } from './activity-to-api.ts';

/** HubSpot's object type ids, for links to a record's page; line items and products have none. */
const recordTypeIds: Record<string, string> = { contacts: '0-1', deals: '0-3', invoices: '0-53' };

/** `https://app.hubspot.com/contacts/{portal}/record/{type}/{id}`, on the host the app installs from. */
const recordUrl = (context: AppContext, portalId: number | null, type: string, id: string | null) => {
  const typeId = recordTypeIds[type];
  const authorizeUrl = context.providers.hubspot?.authorizeUrl;
  if (!typeId || !id || portalId === null || !authorizeUrl) return null;
  return `${new URL(authorizeUrl).origin}/contacts/${portalId}/record/${typeId}/${id}`;
};

/** The Stripe object an event is about: `data.object.id`. */
const objectIdOf = (payload: Record<string, unknown>): string | undefined => {
  const data = payload.data as { object?: { id?: unknown } } | undefined;
  return typeof data?.object?.id === 'string' ? data.object.id : undefined;
};

/** What the event's object became in each of the workspace's portals, its line items included. */
const writesOf = async (context: AppContext, subscriptionId: string, objectId: string | undefined) => {
  if (!objectId) return [];
  const rows = await context.database.db
    .select({ link: crmLink, name: destination.name, hubId: destination.hubId, id: destination.id })
    .from(crmLink)
    .innerJoin(destination, eq(destination.id, crmLink.destinationId))
    .where(
      and(
        eq(destination.subscriptionId, subscriptionId),
        or(eq(crmLink.stripeObjectId, objectId), eq(crmLink.parentStripeObjectId, objectId)),
      ),
    );
  return rows.map(({ link, name, hubId, id }): ActivityWrite => ({
    destination_id: id,
    destination_name: name,
    portal_id: hubId,
    object_type: link.crmObjectType,
    object_id: link.crmObjectId,
    url: recordUrl(context, hubId, link.crmObjectType, link.crmObjectId),
  }));
};

/** One activity of the workspace in full: the event as received, its writes, its last error. */
export const getActivity = implement('getActivity', async ({ activityId }, { app, workspace }) => {
  const [row] = await app.database.db
    .select({
      activity,
      state: stripeEvent.state,
      payload: stripeEvent.payload,
      payloadPrunedAt: stripeEvent.payloadPrunedAt,
      lastError: stripeEvent.lastError,
    })
    .from(activity)
    .innerJoin(stripeEvent, eq(stripeEvent.id, activity.stripeEventId))
    .where(and(eq(activity.id, activityId), eq(activity.subscriptionId, workspace.subscription.id)));
  if (!row) throw new AppError('not-found', retryMessages.notFound);
  return {
    activity: activityLogItemOf(row.activity, row.state),
    payload: row.payload,
    payload_kept: row.payloadPrunedAt === null,
    writes: await writesOf(app, workspace.subscription.id, objectIdOf(row.payload)),
    last_error: row.lastError,
  };
});
