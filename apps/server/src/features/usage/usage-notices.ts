import { and, eq, sql } from 'drizzle-orm';
import { plans, type PlanId } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { membership, subscription, usage, user, userProfile } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/mail-job.ts';
import { mailLanguageOf } from '../../mail/message.ts';
import { usageMail } from './usage-mail.ts';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Spec §9: notices at 50 %, 90 % and 100 % of the notification threshold, each once per period. */
export const noticeLevels = [50, 90, 100] as const;

/** The workspace's threshold: its own setting, else the plan's included events (none: no notices). */
export const thresholdOf = (row: {
  planId: string;
  settings: Record<string, unknown>;
}): number | undefined => {
  const own = row.settings.notification_threshold;
  if (typeof own === 'number' && own > 0) return own;
  return plans[row.planId as PlanId]?.includedSyncEvents ?? undefined;
};

/** Owner and admins, with their language. */
const recipientsOf = async (tx: Transaction, subscriptionId: string) =>
  tx
    .select({ email: user.email, language: userProfile.language })
    .from(membership)
    .innerJoin(user, eq(user.id, membership.userId))
    .leftJoin(userProfile, eq(userProfile.userId, membership.userId))
    .where(
      and(
        eq(membership.subscriptionId, subscriptionId),
        sql`(${membership.userId} = (select owner_id from subscription where id = ${subscriptionId}) or 'admin' = any(${membership.permissions}))`,
      ),
    );

/**
 * Called by the sync engine in its transaction right after usage reached `events`: for each level
 * reached and not yet noticed this period, records it (one statement that only one caller can win)
 * and queues one e-mail per owner and admin.
 */
export const sendUsageNotices = async (
  context: AppContext,
  tx: Transaction,
  input: { subscriptionId: string; periodStart: Date; events: number },
): Promise<void> => {
  const [row] = await tx.select().from(subscription).where(eq(subscription.id, input.subscriptionId));
  if (!row) return;
  const threshold = thresholdOf(row);
  if (!threshold) return;
  const reached = noticeLevels.filter((level) => input.events * 100 >= level * threshold);
  for (const level of reached) {
    const won = await tx
      .update(usage)
      .set({ notifiedLevels: sql`array_append(${usage.notifiedLevels}, ${level}::int)` })
      .where(
        and(
          eq(usage.subscriptionId, input.subscriptionId),
          eq(usage.periodStart, input.periodStart),
          sql`not (${level}::int = any(${usage.notifiedLevels}))`,
        ),
      )
      .returning({ events: usage.events });
    if (won.length === 0) continue;
    const plan = plans[row.planId as PlanId];
    for (const recipient of await recipientsOf(tx, row.id)) {
      const message = usageMail({
        to: recipient.email,
        workspaceName: typeof row.settings.name === 'string' ? row.settings.name : '',
        level,
        events: input.events,
        threshold,
        paused: level === 100 && plan?.overagePricePerEvent === null && plan.includedSyncEvents !== null,
        link: `${context.config.appUrl}/subscription/${row.id}/billing/change-plan`,
        language: mailLanguageOf(recipient.language),
      });
      await enqueueMail(context.queue, message, { tx });
    }
  }
};
