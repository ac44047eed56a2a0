import { and, count, eq, gt, sql } from 'drizzle-orm';
import { AppError, inviteLimits, inviteMessages, type MessageKeyDetails } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { invite } from '../../db/schema.ts';
import { lockNamespaces } from '../../db/lock-namespaces.ts';

/** The first key of the transaction-scoped advisory locks that make the counts exact. */
const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

export type InviteAttempt = { inviterId: string; subscriptionId: string; email: string; now?: Date };

const refuse = (message: string, messageKey: string): never => {
  const details: MessageKeyDetails = { messageKey };
  throw new AppError('resource-exhausted', message, details);
};

/** Invites made in the last day and hour among the rows `scope` selects, revoked ones included. */
const recentCounts = async (tx: Db, scope: ReturnType<typeof eq>, now: Date) => {
  const hourAgo = new Date(now.getTime() - hourMs);
  const [row] = await tx
    .select({
      day: count(),
      hour: sql<number>`count(*) filter (where ${invite.createdAt} > ${hourAgo})`.mapWith(Number),
    })
    .from(invite)
    .where(and(scope, gt(invite.createdAt, new Date(now.getTime() - dayMs))));
  return { day: row?.day ?? 0, hour: row?.hour ?? 0 };
};

const overWindow = ({ day, hour }: { day: number; hour: number }) =>
  hour >= inviteLimits.perHour || day >= inviteLimits.perDay;

/**
 * Refuses an invite past the limits (issue 12, item 3): per inviter and per workspace 20 an hour
 * and 100 a day, 100 pending per workspace, 3 a day to one address in one workspace. Call it in
 * the transaction that inserts the invite: the advisory locks it takes make concurrent invites of
 * one inviter or one workspace wait for each other, so no burst slips past a count.
 */
export const assertInviteAllowed = async (tx: Db, attempt: InviteAttempt): Promise<void> => {
  const { inviterId, subscriptionId, email, now = new Date() } = attempt;
  for (const key of [`inviter:${inviterId}`, `workspace:${subscriptionId}`])
    await tx.execute(sql`select pg_advisory_xact_lock(${lockNamespaces.inviteLimits}, hashtext(${key}))`);

  const byInviter = await recentCounts(tx, eq(invite.inviterId, inviterId), now);
  const byWorkspace = await recentCounts(tx, eq(invite.subscriptionId, subscriptionId), now);
  if (overWindow(byInviter) || overWindow(byWorkspace))
    refuse(inviteMessages.tooManyInvites, 'tooManyInvites');

  const [pending] = await tx
    .select({ count: count() })
    .from(invite)
    .where(and(eq(invite.subscriptionId, subscriptionId), eq(invite.status, 'pending')));
  if ((pending?.count ?? 0) >= inviteLimits.pendingPerWorkspace)
    refuse(inviteMessages.tooManyPendingInvites, 'tooManyPendingInvites');

  const [sameAddress] = await tx
    .select({ count: count() })
    .from(invite)
    .where(
      and(
        eq(invite.subscriptionId, subscriptionId),
        eq(invite.email, email),
        gt(invite.createdAt, new Date(now.getTime() - dayMs)),
      ),
    );
  if ((sameAddress?.count ?? 0) >= inviteLimits.sameAddressPerDay)
    refuse(inviteMessages.addressInvitedTooOften, 'addressInvitedTooOften');
};
