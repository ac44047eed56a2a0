import { and, eq } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import { destination } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { revokeHubSpotRefreshToken } from '../../providers/hubspot-client.ts';
import { destinationTokenAt, disconnectedDestination, loadDestination } from './destination-store.ts';
import { hubspotSettingsOf } from './hubspot-connect.ts';
import { withDestinationLock } from './destination-lock.ts';

/**
 * Deletes the refresh token at HubSpot (which ends its access tokens too), then forgets the tokens.
 * If HubSpot cannot be reached nothing changes, so the user can try again.
 */
export const releaseDestinationConnection = async (
  app: AppContext,
  subscriptionId: string,
  destinationId: string,
): Promise<void> => {
  // Under the refresh lock: a refresh in flight finishes first, and the token revoked is the last one.
  await withDestinationLock(app.database, destinationId, async (db) => {
    const row = await loadDestination(db, subscriptionId, destinationId);
    if (row.refreshTokenSealed) {
      const refreshToken = app.secretBox.open(
        row.refreshTokenSealed,
        destinationTokenAt('refreshTokenSealed', destinationId),
      ).value;
      await revokeHubSpotRefreshToken(hubspotSettingsOf(app), refreshToken).catch(() => {
        throw keyedError('unavailable', connectionMessages, 'hubspotRevokeUnreachable');
      });
    }
    await db
      .update(destination)
      .set(disconnectedDestination())
      .where(and(eq(destination.id, destinationId), eq(destination.subscriptionId, subscriptionId)));
  });
  app.logger.info({ subscriptionId, destinationId }, 'hubspot destination disconnected');
};

export const disconnectDestination = implement(
  'disconnectDestination',
  async ({ subscriptionId, destinationId }, { app }) => {
    await loadDestination(app.database.db, subscriptionId, destinationId);
    await releaseDestinationConnection(app, subscriptionId, destinationId);
    return { success: true as const };
  },
);
