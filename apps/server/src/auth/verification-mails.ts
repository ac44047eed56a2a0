import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimit } from '../db/schema.ts';

/**
 * Issue 38, item 3: at most three verification e-mails (sign-up, "send again", a new address to
 * confirm) to one account in 15 minutes, asked from anywhere, as reset e-mails are limited.
 */
export const verificationMailLimit = { max: 3, windowSeconds: 15 * 60 } as const;

/**
 * The account's row in `rate_limit`, the table better-auth counts client addresses in: its own keys
 * are an address and a path, so this prefix never meets one. `last_request` holds the window's start.
 */
export const verificationMailKey = (userId: string): string => `account-mail:verification:${userId}`;

/**
 * Counts one verification e-mail for the account in a single statement (processes asking at once
 * add up) and says whether it may go out. A window older than the limit's starts over.
 */
export const mayMailVerification = async (db: Db, userId: string, now = new Date()): Promise<boolean> => {
  const key = verificationMailKey(userId);
  const expired = sql`${rateLimit.lastRequest} <= ${now.getTime() - verificationMailLimit.windowSeconds * 1000}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: key, key, count: 1, lastRequest: now.getTime() })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now.getTime()} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count });
  return (row?.count ?? 0) <= verificationMailLimit.max;
};
