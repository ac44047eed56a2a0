import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { connectionMessages, keyedError, parseOAuthState, routes } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { oauthState } from '../../db/schema.ts';
import type { Caller } from '../../functions/framework.ts';

export type OAuthProvider = 'stripe' | 'hubspot';

export const oauthStateLifetimeMs = 10 * 60_000;

type Target = { provider: OAuthProvider; subscriptionId: string; targetId: string };

/**
 * Issues the `state` of one authorize redirect: `{subscriptionId}:{targetId}:{nonce}`, the nonce
 * single-use, bound to the caller's user and session, valid for 10 minutes. `enableOnConnect`: a
 * reconnect of what was switched on, which the connection switches on again.
 */
export const issueOAuthState = async (
  db: Db,
  caller: Caller,
  target: Target,
  enableOnConnect = false,
): Promise<string> => {
  const nonce = randomBytes(24).toString('base64url');
  const now = new Date();
  // Expired states are useless; dropping them here keeps the table small without a job.
  await db.delete(oauthState).where(lt(oauthState.expiresAt, now));
  await db.insert(oauthState).values({
    nonce,
    provider: target.provider,
    userId: caller.userId,
    sessionId: caller.sessionId,
    subscriptionId: target.subscriptionId,
    targetId: target.targetId,
    expiresAt: new Date(now.getTime() + oauthStateLifetimeMs),
    enableOnConnect,
  });
  return `${target.subscriptionId}:${target.targetId}:${nonce}`;
};

/**
 * Accepts `state` for this caller and target exactly once, or refuses it with the reason. A state
 * shown to another session or target is not burnt, so a stolen link cannot spoil the real one.
 * Answers whether the connection switches the target on (a reconnect of what was on).
 */
export const consumeOAuthState = async (
  db: Db,
  caller: Caller,
  target: Target,
  state: string,
): Promise<{ enableOnConnect: boolean }> => {
  const parsed = parseOAuthState(state);
  if (!parsed) throw keyedError('invalid-argument', connectionMessages, 'invalidState');
  const [row] = await db.select().from(oauthState).where(eq(oauthState.nonce, parsed.nonce));
  if (!row || row.provider !== target.provider || row.usedAt) {
    throw keyedError('failed-precondition', connectionMessages, 'invalidState');
  }
  if (row.userId !== caller.userId || row.sessionId !== caller.sessionId) {
    throw keyedError('permission-denied', connectionMessages, 'otherSession');
  }
  const sameTarget = (subscriptionId: string, targetId: string) =>
    subscriptionId === target.subscriptionId && targetId === target.targetId;
  if (!sameTarget(row.subscriptionId, row.targetId) || !sameTarget(parsed.subscriptionId, parsed.targetId)) {
    throw keyedError('failed-precondition', connectionMessages, 'otherTarget');
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    throw keyedError('failed-precondition', connectionMessages, 'expiredState');
  }
  const used = await db
    .update(oauthState)
    .set({ usedAt: new Date() })
    .where(and(eq(oauthState.nonce, row.nonce), isNull(oauthState.usedAt)))
    .returning({ nonce: oauthState.nonce });
  if (used.length === 0) throw keyedError('failed-precondition', connectionMessages, 'invalidState');
  return { enableOnConnect: row.enableOnConnect };
};

/** Where the providers send the browser back (spec §2 callback routes). */
export const callbackUrl = (appUrl: string, provider: OAuthProvider): string =>
  `${appUrl}${provider === 'stripe' ? routes.stripeCallback : routes.hubspotCallback}`;
