import { and, eq } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import { destination } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit, type AuditedCall } from '../../functions/audit-trail.ts';
import { revokeHubSpotRefreshToken } from '../../providers/hubspot/hubspot-client.ts';
import { destinationTokenAt } from '../../providers/hubspot/hubspot-token.ts';
import { disconnectedDestination, loadDestination } from './destination-store.ts';
import { hubspotSettingsOf } from '../../providers/hubspot/hubspot-connect.ts';
import { withDestinationLock } from '../../providers/hubspot/destination-lock.ts';

/**
 * Deletes the refresh token at HubSpot (which ends its access tokens too), then forgets the tokens.
 * If HubSpot cannot be reached nothing changes, so the user can try again.
 */
export const releaseDestinationConnection = async (
  app: AppContext,
  subscriptionId: string,
  destinationId: string,
  call: AuditedCall,
): Promise<void> => {
  // Under the refresh lock: a refresh in flight finishes first, and the token revoked is the last one.
  await withDestinationLock(app.database, destinationId, async (db) => {
    const row = await loadDestination(db, subscriptionId, destinationId);
    if (row.refreshTokenSealed) {
      const refreshToken = app.secretBox.open(
        row.refreshTokenSealed,
        destinationTokenAt('refreshTokenSealed', destinationId),
      ).value;
      await revokeHubSpotRefreshToken(hubspotSettingsOf(app.providers.hubspot), refreshToken).catch(() => {
        throw keyedError('unavailable', connectionMessages, 'hubspotRevokeUnreachable');
      });
    }
    await db.transaction(async (tx) => {
      await tx
        .update(destination)
        .set(disconnectedDestination())
        .where(and(eq(destination.id, destinationId), eq(destination.subscriptionId, subscriptionId)));
      const target = { type: 'destination', id: destinationId, name: row.name } as const;
      await recordAudit(tx, call, { kind: 'destination.disconnected', target });
    });
  });
  app.logger.info({ subscriptionId, destinationId }, 'hubspot destination disconnected');
};

export const disconnectDestination = implement(
  'disconnectDestination',
  async ({ subscriptionId, destinationId }, call) => {
    const { app } = call;
    await loadDestination(app.database.db, subscriptionId, destinationId);
    await releaseDestinationConnection(app, subscriptionId, destinationId, call);
    return { success: true as const };
  },
);
