import { and, eq } from 'drizzle-orm';
import { connectionMessages, keyedError } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { destination } from '../../db/schema.ts';
import { HubSpotOAuthError, refreshHubSpotToken } from '../../providers/hubspot-client.ts';
import { withDestinationLock } from './destination-lock.ts';
import { noticeConnectionLost } from '../connections/connection-lost.ts';
import { destinationTokenAt, disconnectedDestination, type TokenColumn } from './destination-store.ts';
import { hubspotSettingsOf } from './hubspot-connect.ts';

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
  context: AppContext,
  db: Db,
  destinationId: string,
  column: TokenColumn,
  sealed: string,
): Promise<string> => {
  const at = destinationTokenAt(column, destinationId);
  const { value, stale } = context.secretBox.open(sealed, at);
  if (stale) {
    await db
      .update(destination)
      .set({ [column]: context.secretBox.seal(value, at) })
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
  context: AppContext,
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
  const { db: pool } = context.database;
  const seen = known?.accessTokenSealed ? known : await readTokens(pool, destinationId);
  if (rejected === undefined && isFresh(seen)) {
    return openDestinationToken(
      context,
      pool,
      destinationId,
      'accessTokenSealed',
      seen.accessTokenSealed ?? '',
    );
  }
  return withDestinationLock(context.database, destinationId, async (db) => {
    const current = await readTokens(db, destinationId);
    const token = await openDestinationToken(
      context,
      db,
      destinationId,
      'accessTokenSealed',
      current.accessTokenSealed ?? '',
    );
    if (token !== rejected && isFresh(current)) return token;
    return refreshLocked(context, db, destinationId, current);
  });
};

/** Replaces a token HubSpot refused with 401; concurrent callers holding it still refresh once. */
export const refreshHubSpotAccessToken = (
  context: AppContext,
  destinationId: string,
  rejected: string,
): Promise<string> => hubspotAccessToken(context, destinationId, { rejected });

/**
 * The portal uninstalled the app or revoked its access: the tokens go, the switch and the rules
 * stay, and new events wait (held: no destination syncs) until the portal is connected again.
 * The owner and admins hear about it once.
 */
const markConnectionLost = async (context: AppContext, db: Db, destinationId: string) => {
  const { enabled: _kept, ...disconnected } = disconnectedDestination();
  const [lost] = await db
    .update(destination)
    .set({ ...disconnected, connectionLostAt: new Date() })
    .where(eq(destination.id, destinationId))
    .returning({ subscriptionId: destination.subscriptionId, name: destination.name });
  context.logger.warn({ destinationId }, 'hubspot refused the refresh token; destination needs reconnecting');
  if (lost) await noticeConnectionLost(context, db, { kind: 'destination', id: destinationId, ...lost });
};

const refreshLocked = async (
  context: AppContext,
  db: Db,
  destinationId: string,
  current: TokenRow,
): Promise<string> => {
  if (!current.refreshTokenSealed)
    throw keyedError('failed-precondition', connectionMessages, 'notConnected');
  const settings = hubspotSettingsOf(context);
  let grant;
  try {
    const refreshToken = context.secretBox.open(
      current.refreshTokenSealed,
      destinationTokenAt('refreshTokenSealed', destinationId),
    ).value;
    grant = await refreshHubSpotToken(settings, refreshToken);
  } catch (error) {
    if (error instanceof HubSpotOAuthError && error.errorCode === 'BAD_REFRESH_TOKEN') {
      await markConnectionLost(context, db, destinationId);
      throw keyedError('failed-precondition', connectionMessages, 'notConnected');
    }
    throw keyedError('unavailable', connectionMessages, 'hubspotRefreshUnreachable');
  }
  // Only over the tokens this refresh started from: a disconnect meanwhile leaves nothing to store.
  const [stored] = await db
    .update(destination)
    .set({
      accessTokenSealed: context.secretBox.seal(
        grant.access_token,
        destinationTokenAt('accessTokenSealed', destinationId),
      ),
      refreshTokenSealed: grant.refresh_token
        ? context.secretBox.seal(grant.refresh_token, destinationTokenAt('refreshTokenSealed', destinationId))
        : current.refreshTokenSealed,
      tokenExpiresAt: new Date(Date.now() + grant.expires_in * 1000),
    })
    .where(
      and(eq(destination.id, destinationId), eq(destination.refreshTokenSealed, current.refreshTokenSealed)),
    )
    .returning({ id: destination.id });
  if (!stored) throw keyedError('failed-precondition', connectionMessages, 'notConnected');
  context.logger.info({ destinationId }, 'hubspot access token refreshed');
  return grant.access_token;
};
