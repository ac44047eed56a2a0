import { and, eq } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { destination } from '../../db/schema.ts';
import { sealedAt } from '../../security/secret-box.ts';
import type { HubSpotAccess } from './hubspot-access.ts';
import { HubSpotOAuthError, refreshHubSpotToken } from './hubspot-client.ts';
import { hubspotSettingsOf } from './hubspot-connect.ts';
import { withDestinationLock } from './destination-lock.ts';

export type TokenColumn = 'accessTokenSealed' | 'refreshTokenSealed';
const tokenColumnNames: Record<TokenColumn, string> = {
  accessTokenSealed: 'access_token_sealed',
  refreshTokenSealed: 'refresh_token_sealed',
};

/** What a destination's sealed token is bound to: its row and column (decision 015). */
export const destinationTokenAt = (column: TokenColumn, destinationId: string): string =>
  sealedAt('destination', tokenColumnNames[column], destinationId);

/** A token that expires sooner than this is refreshed before use. */
export const refreshMarginMs = 5 * 60_000;

type TokenRow = {
  accessTokenSealed: string | null;
  refreshTokenSealed: string | null;
  tokenExpiresAt: Date | null;
};

const readTokens = async (db: Db, destinationId: string): Promise<TokenRow> => {
  const [row] = await db
    .select({
      accessTokenSealed: destination.accessTokenSealed,
      refreshTokenSealed: destination.refreshTokenSealed,
      tokenExpiresAt: destination.tokenExpiresAt,
    })
    .from(destination)
    .where(eq(destination.id, destinationId));
  if (!row?.accessTokenSealed) throw keyedError('failed-precondition', connectionMessages, 'notConnected');
  return row;
};

/** Opens a stored token; one sealed with a previous SECRET (or the old format) is sealed again now. */
export const openDestinationToken = async (
  access: HubSpotAccess,
  db: Db,
  destinationId: string,
  column: TokenColumn,
  sealed: string,
): Promise<string> => {
  const at = destinationTokenAt(column, destinationId);
  const { value, stale } = access.secretBox.open(sealed, at);
  if (stale) {
    await db
      .update(destination)
      .set({ [column]: access.secretBox.seal(value, at) })
      .where(and(eq(destination.id, destinationId), eq(destination[column], sealed)));
  }
  return value;
};

const isFresh = (row: TokenRow): boolean =>
  row.tokenExpiresAt !== null && row.tokenExpiresAt.getTime() - Date.now() > refreshMarginMs;

/**
 * A valid HubSpot access token of the destination, for the sync engine and the functions that read
 * the portal. One that expires within 5 minutes is refreshed (refresh_token grant on the
 * date-versioned endpoint) under a per-destination lock, re-reading after the lock is taken: ten
 * concurrent callers refresh once and share the result. `rejected` is a token HubSpot answered 401
 * EXPIRED_AUTHENTICATION for: it is replaced even if it looks fresh, unless another caller already
 * replaced it (compared under the lock, so concurrent callers holding it refresh once).
 */
export const hubspotAccessToken = async (
  access: HubSpotAccess,
  destinationId: string,
  {
    rejected,
    known,
  }: {
    rejected?: string;
    /** The destination's token columns as the caller just read them: no statement to read them again. */
    known?: TokenRow;
  } = {},
): Promise<string> => {
  const { db: pool } = access.database;
  const seen = known?.accessTokenSealed ? known : await readTokens(pool, destinationId);
  if (rejected === undefined && isFresh(seen)) {
    return openDestinationToken(
      access,
      pool,
      destinationId,
      'accessTokenSealed',
      seen.accessTokenSealed ?? '',
    );
  }
  return withDestinationLock(access.database, destinationId, async (db) => {
    const current = await readTokens(db, destinationId);
    const token = await openDestinationToken(
      access,
      db,
      destinationId,
      'accessTokenSealed',
      current.accessTokenSealed ?? '',
    );
    if (token !== rejected && isFresh(current)) return token;
    return refreshLocked(access, db, destinationId, current);
  });
};

/** Replaces a token HubSpot refused with 401; concurrent callers holding it still refresh once. */
export const refreshHubSpotAccessToken = (
  access: HubSpotAccess,
  destinationId: string,
  rejected: string,
): Promise<string> => hubspotAccessToken(access, destinationId, { rejected });

const refreshLocked = async (
  access: HubSpotAccess,
  db: Db,
  destinationId: string,
  current: TokenRow,
): Promise<string> => {
  if (!current.refreshTokenSealed)
    throw keyedError('failed-precondition', connectionMessages, 'notConnected');
  const settings = hubspotSettingsOf(access.settings);
  let grant;
  try {
    const refreshToken = access.secretBox.open(
      current.refreshTokenSealed,
      destinationTokenAt('refreshTokenSealed', destinationId),
    ).value;
    grant = await refreshHubSpotToken(settings, refreshToken);
  } catch (error) {
    if (error instanceof HubSpotOAuthError && error.errorCode === 'BAD_REFRESH_TOKEN') {
      access.logger.warn(
        { destinationId },
        'hubspot refused the refresh token; destination needs reconnecting',
      );
      await access.onLost(db, destinationId);
      throw keyedError('failed-precondition', connectionMessages, 'notConnected');
    }
    throw keyedError('unavailable', connectionMessages, 'hubspotRefreshUnreachable');
  }
  // Only over the tokens this refresh started from: a disconnect meanwhile leaves nothing to store.
  const [stored] = await db
    .update(destination)
    .set({
      accessTokenSealed: access.secretBox.seal(
        grant.access_token,
        destinationTokenAt('accessTokenSealed', destinationId),
      ),
      refreshTokenSealed: grant.refresh_token
        ? access.secretBox.seal(grant.refresh_token, destinationTokenAt('refreshTokenSealed', destinationId))
        : current.refreshTokenSealed,
      tokenExpiresAt: new Date(Date.now() + grant.expires_in * 1000),
    })
    .where(
      and(eq(destination.id, destinationId), eq(destination.refreshTokenSealed, current.refreshTokenSealed)),
    )
    .returning({ id: destination.id });
  if (!stored) throw keyedError('failed-precondition', connectionMessages, 'notConnected');
  access.logger.info({ destinationId }, 'hubspot access token refreshed');
  return grant.access_token;
};
