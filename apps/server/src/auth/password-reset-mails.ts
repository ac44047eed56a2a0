import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passwordResetMail } from '../db/schema.ts';

/** Issue 12, item 9: at most three reset e-mails to one account in 15 minutes, asked from anywhere. */
export const passwordResetMailLimit = { max: 3, windowSeconds: 15 * 60 } as const;

/**
 * Counts one reset e-mail for the account in a single statement (processes asking at once add up)
 * and says whether it may go out. A window older than the limit's starts over.
 */
export const mayMailPasswordReset = async (db: Db, userId: string, now = new Date()): Promise<boolean> => {
  const expired = sql`${passwordResetMail.windowStart} <= ${new Date(
    now.getTime() - passwordResetMailLimit.windowSeconds * 1000,
  )}`;
  const [row] = await db
    .insert(passwordResetMail)
    .values({ userId, mails: 1, windowStart: now })
    .onConflictDoUpdate({
      target: passwordResetMail.userId,
      set: {
        mails: sql`case when ${expired} then 1 else ${passwordResetMail.mails} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${passwordResetMail.windowStart} end`,
      },
    })
    .returning({ mails: passwordResetMail.mails });
  return (row?.mails ?? 0) <= passwordResetMailLimit.max;
};
