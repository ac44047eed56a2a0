import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { OwnedSubscriptionsRefusal } from '@billbridge/contract';
import type { Db } from '../../db/client.ts';
import { membership, subscription, type SubscriptionRow } from '../../db/schema.ts';

/**
 * What deleting an account does to the workspaces it owns (decision 007):
 * - with other members: ownership passes to the longest-standing admin member; with members but
 *   no admin, the deletion is refused (a workspace with members is never left without an owner,
 *   and nobody becomes an owner who was not trusted with admin);
 * - alone: the workspace is deleted with the account, unless it still has a paid plan running in
 *   Stripe, which must be canceled first (deleting it would keep charging the card).
 */
export type OwnedWorkspacesPlan = {
  transfers: { subscriptionId: string; newOwnerId: string }[];
  deletions: string[];
  blocked: { subscriptionId: string; name: string; reason: 'no-admin' | 'paid-plan' }[];
};

const nameOf = (row: SubscriptionRow): string => {
  const name = row.settings.name;
  return typeof name === 'string' && name.trim() ? name.trim() : 'Untitled Project';
};

export const planOwnedWorkspaces = async (db: Db, userId: string): Promise<OwnedWorkspacesPlan> => {
  const plan: OwnedWorkspacesPlan = { transfers: [], deletions: [], blocked: [] };
  const owned = await db.select().from(subscription).where(eq(subscription.ownerId, userId));
  for (const row of owned) {
    const others = await db
      .select({ userId: membership.userId, permissions: membership.permissions })
      .from(membership)
      .where(and(eq(membership.subscriptionId, row.id), ne(membership.userId, userId)))
      .orderBy(asc(membership.createdAt), asc(membership.userId));
    if (others.length === 0) {
      if (row.stripeSubscriptionId && row.status !== 'canceled') {
        plan.blocked.push({ subscriptionId: row.id, name: nameOf(row), reason: 'paid-plan' });
      } else plan.deletions.push(row.id);
      continue;
    }
    const admin = others.find((member) => member.permissions.includes('admin'));
    if (admin) plan.transfers.push({ subscriptionId: row.id, newOwnerId: admin.userId });
    else plan.blocked.push({ subscriptionId: row.id, name: nameOf(row), reason: 'no-admin' });
  }
  return plan;
};

/** Carries out a plan with nothing blocked, in one transaction, re-checking the owner on each row. */
export const applyOwnedWorkspacesPlan = async (
  db: Db,
  userId: string,
  plan: OwnedWorkspacesPlan,
): Promise<void> => {
  await db.transaction(async (tx) => {
    for (const { subscriptionId, newOwnerId } of plan.transfers) {
      await tx
        .update(subscription)
        .set({ ownerId: newOwnerId, updatedAt: sql`now()` })
        .where(and(eq(subscription.id, subscriptionId), eq(subscription.ownerId, userId)));
    }
    if (plan.deletions.length) {
      await tx
        .delete(subscription)
        .where(and(inArray(subscription.id, plan.deletions), eq(subscription.ownerId, userId)));
    }
  });
};

/** The names of the workspaces that hold the deletion back, by why (the browser words them). */
export const blockedNames = (blocked: OwnedWorkspacesPlan['blocked']): OwnedSubscriptionsRefusal => ({
  noAdmin: blocked.filter((entry) => entry.reason === 'no-admin').map((entry) => entry.name),
  paidPlan: blocked.filter((entry) => entry.reason === 'paid-plan').map((entry) => entry.name),
});

export const blockedMessage = (blocked: OwnedWorkspacesPlan['blocked']): string => {
  const { noAdmin, paidPlan: paid } = blockedNames(blocked);
  const parts = [
    noAdmin.length &&
      `Make a member an administrator (or remove the members) of ${noAdmin.join(', ')} so ownership can pass to them.`,
    paid.length && `Cancel the paid plan of ${paid.join(', ')}.`,
  ].filter(Boolean);
  return `Your account still owns subscriptions that cannot be handed over. ${parts.join(' ')}`;
};
