import { and, eq, sql } from 'drizzle-orm';
import { findPlan, routes, syncCapOf } from '@billbridge/contract';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { subscription, usage, type SubscriptionRow } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/mail-job.ts';
import { workspaceAdminsOf } from '../members/workspace-admins.ts';
import { mailLanguageOf } from '../../mail/message.ts';
import { usageMail } from './usage-mail.ts';

/** Spec §9: notices at 50 %, 90 % and 100 % of the notification threshold, each once per period. */
export const noticeLevels = [50, 90, 100] as const;

/**
 * The workspace's threshold: its own setting, else the plan's included events; undefined (no
 * notices) for a plan without a number, such as enterprise's custom contract.
 */
export const thresholdOf = (row: Pick<SubscriptionRow, 'planId' | 'settings'>): number | undefined => {
  const own = row.settings.notification_threshold;
  if (typeof own === 'number' && own > 0) return own;
  return findPlan(row.planId)?.includedSyncEvents ?? undefined;
};

/**
 * Marks `level` as noticed for the period unless it already is. One statement: of concurrent
 * callers, exactly one gets the row back (the others wait for its lock, then see the level).
 */
const claimLevel = async (tx: Transaction, subscriptionId: string, periodStart: Date, level: number) => {
  const won = await tx
    .update(usage)
    .set({ notifiedLevels: sql`array_append(${usage.notifiedLevels}, ${level}::int)` })
    .where(
      and(
        eq(usage.subscriptionId, subscriptionId),
        eq(usage.periodStart, periodStart),
        sql`not (${level}::int = any(${usage.notifiedLevels}))`,
      ),
    )
    .returning({ subscriptionId: usage.subscriptionId });
  return won.length > 0;
};

/**
 * Called by the sync engine in its transaction right after usage reached `events`: for each level
 * reached and not yet noticed this period, records it and queues one e-mail per owner and admin,
 * in their language, in the same transaction (a rollback sends nothing and notices nothing).
 */
export const sendUsageNotices = async (
  context: AppContext,
  tx: Transaction,
  input: {
    subscriptionId: string;
    periodStart: Date;
    events: number;
    /** The workspace's row and the levels noticed, when the caller has them: no statement to read them. */
    workspace?: SubscriptionRow;
    notifiedLevels?: number[];
  },
): Promise<void> => {
  const [workspace] = input.workspace
    ? [input.workspace]
    : await tx.select().from(subscription).where(eq(subscription.id, input.subscriptionId));
  if (!workspace) return;
  const threshold = thresholdOf(workspace);
  if (!threshold) return;
  const reached = noticeLevels.filter(
    (level) => input.events * 100 >= level * threshold && !input.notifiedLevels?.includes(level),
  );
  const claimed: number[] = [];
  for (const level of reached) {
    if (await claimLevel(tx, workspace.id, input.periodStart, level)) claimed.push(level);
  }
  if (claimed.length === 0) return;
  const cap = syncCapOf(workspace.planId);
  const recipients = await workspaceAdminsOf(tx, workspace);
  const ownerName = recipients.find((recipient) => recipient.id === workspace.ownerId)?.name ?? '';
  const url = (route: string) =>
    `${context.config.appUrl}${route.replace(':id', encodeURIComponent(workspace.id))}`;
  for (const level of claimed) {
    for (const recipient of recipients) {
      // Only the owner may change the plan (spec §6): an admin gets the dashboard and whom to ask.
      const isOwner = recipient.id === workspace.ownerId;
      const message = usageMail({
        to: recipient.email,
        workspaceName: typeof workspace.settings.name === 'string' ? workspace.settings.name : '',
        level,
        events: input.events,
        threshold,
        paused: level === 100 && cap !== undefined && input.events >= cap,
        link: url(isOwner ? routes.changePlan : routes.subscription),
        askOwner: isOwner ? undefined : { name: ownerName },
        language: mailLanguageOf(recipient.language),
      });
      await enqueueMail(context.queue, message, { tx });
    }
  }
};
