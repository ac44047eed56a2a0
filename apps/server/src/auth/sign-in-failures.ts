import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signInFailure } from '../db/schema.ts';

/** Spec-free hardening (issue 12, item 9): ten failures for one address within 15 minutes lock it. */
export const signInFailureLimit = { max: 10, windowSeconds: 15 * 60 } as const;

/** The row key: an HMAC of the address, so addresses without an account are not kept in the clear. */
export const signInFailureKey = (secret: string, email: string): string =>
  createHmac('sha256', secret).update(`sign-in-failure:${email.trim().toLowerCase()}`).digest('hex');

/** Seconds until the address may try again, or 0 when it is not locked. */
export const lockedForSeconds = async (db: Db, key: string, now = new Date()): Promise<number> => {
  const [row] = await db.select().from(signInFailure).where(eq(signInFailure.emailHash, key));
  if (!row || row.failures < signInFailureLimit.max) return 0;
  const endsAt = row.windowStart.getTime() + signInFailureLimit.windowSeconds * 1000;
  return Math.max(0, Math.ceil((endsAt - now.getTime()) / 1000));
};

/**
 * Counts one failure in a single statement, so processes counting at once add up: a window older
 * than the limit's starts over at this failure.
 */
export const recordSignInFailure = async (db: Db, key: string, now = new Date()): Promise<void> => {
  const expired = sql`${signInFailure.windowStart} <= ${new Date(
    now.getTime() - signInFailureLimit.windowSeconds * 1000,
  )}`;
  await db
    .insert(signInFailure)
    .values({ emailHash: key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: signInFailure.emailHash,
      set: {
        failures: sql`case when ${expired} then 1 else ${signInFailure.failures} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${signInFailure.windowStart} end`,
      },
    });
};

export const clearSignInFailures = async (db: Db, key: string): Promise<void> => {
  await db.delete(signInFailure).where(eq(signInFailure.emailHash, key));
};
