import { and, eq, isNotNull } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { destination, subscription, type DestinationRow } from '../../db/schema.ts';
import { sealedAt } from '../../security/secret-box.ts';

export type TokenColumn = 'accessTokenSealed' | 'refreshTokenSealed';
const tokenColumnNames: Record<TokenColumn, string> = {
  accessTokenSealed: 'access_token_sealed',
  refreshTokenSealed: 'refresh_token_sealed',
};

/** What a destination's sealed token is bound to: its row and column (decision 015). */
export const destinationTokenAt = (column: TokenColumn, destinationId: string): string =>
  sealedAt('destination', tokenColumnNames[column], destinationId);

/** The destination `destinationId` of the workspace, or not-found. */
export const loadDestination = async (
  db: Db,
  subscriptionId: string,
  destinationId: string,
): Promise<DestinationRow> => {
  const [row] = await db
    .select()
    .from(destination)
    .where(and(eq(destination.id, destinationId), eq(destination.subscriptionId, subscriptionId)));
  if (!row) throw keyedError('not-found', connectionMessages, 'destinationNotFound');
  return row;
};

/**
 * The workspace's destinations events are written to: switched on and connected (the workspace by
 * its id, or as a joined query's column).
 */
export const syncingDestinationsOf = (subscriptionId: string | typeof subscription.id) =>
  and(
    eq(destination.subscriptionId, subscriptionId),
    eq(destination.enabled, true),
    isNotNull(destination.accessTokenSealed),
  );

/**
 * What a destination looks like once disconnected: no tokens, not syncing. The portal id stays, so
 * a reconnection to another portal can tell that the remembered HubSpot record ids are stale.
 */
export const disconnectedDestination = () => ({
  enabled: false,
  scopes: [],
  accessTokenSealed: null,
  refreshTokenSealed: null,
  tokenExpiresAt: null,
  connectionLostAt: null,
  updatedAt: new Date(),
});
