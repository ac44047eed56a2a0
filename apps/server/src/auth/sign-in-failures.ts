import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signInFailure } from '../db/schema.ts';

/** Spec-free hardening (issue 12, item 9): ten failures for one address within 15 minutes lock it. */
export const signInFailureLimit = { max: 10, windowSeconds: 15 * 60 } as const;

/** The row key: an HMAC of the address, so addresses without an account are not kept in the clear. */
export const signInFailureKey = (secret: string, email: string): string =>
  createHmac('sha256', secret).update(`sign-in-failure:${email.trim().toLowerCase()}`).digest('hex');

/**
 * Reserves one attempt for the address before its password is checked, in a single statement, so
 * concurrent attempts from many processes each take their own place in the count (issue 38, item 5:
 * checking first and counting after let 24 of 40 concurrent guesses through a limit of 10). A window
 * older than the limit's starts over at this attempt. Answers the seconds until the address may try
 * again when the attempt is past the limit, else 0.
 */
export const reserveSignInAttempt = async (db: Db, key: string, now = new Date()): Promise<number> => {
  const expired = sql`${signInFailure.windowStart} <= ${new Date(
    now.getTime() - signInFailureLimit.windowSeconds * 1000,
  )}`;
  const [row] = await db
    .insert(signInFailure)
    .values({ emailHash: key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: signInFailure.emailHash,
      set: {
        // Refused attempts stop at one past the limit: the row says "locked", not how often.
        failures: sql`case when ${expired} then 1 else least(${signInFailure.failures} + 1, ${signInFailureLimit.max + 1}) end`,
        windowStart: sql`case when ${expired} then ${now} else ${signInFailure.windowStart} end`,
      },
    })
    .returning({ failures: signInFailure.failures, windowStart: signInFailure.windowStart });
  if (!row || row.failures <= signInFailureLimit.max) return 0;
  const endsAt = row.windowStart.getTime() + signInFailureLimit.windowSeconds * 1000;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
};

/** Gives back a reservation whose attempt checked no password (a malformed request, say). */
export const releaseSignInAttempt = async (db: Db, key: string): Promise<void> => {
  await db
    .update(signInFailure)
    .set({ failures: sql`greatest(${signInFailure.failures} - 1, 0)` })
    .where(eq(signInFailure.emailHash, key));
};

export const clearSignInFailures = async (db: Db, key: string): Promise<void> => {
  await db.delete(signInFailure).where(eq(signInFailure.emailHash, key));
};
