import { and, eq, sql } from 'drizzle-orm';
import { AppError, memberMessages, normalizePermissions } from '@billbridge/contract';
import { membership, subscription } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { memberTarget } from './member-target.ts';
import { ownerPermissions } from '../subscriptions/create-workspace.ts';
import { ownerTakesOverBilling } from '../billing/stripe-customer.ts';

/**
 * Spec §4/§6: ownership goes only to an active admin member other than the owner. The new owner
 * takes over billing (owner is derived from owner_id); the old owner stays with access + admin.
 */
export const transferSubscriptionOwnership = implement(
  'transferSubscriptionOwnership',
  async ({ newOwnerId }, call) => {
    const { app, caller, workspace } = call;
    const row = workspace.subscription;
    const eligible = workspace.members.filter(
      (member) => member.userId !== row.ownerId && member.permissions.includes('admin'),
    );
    if (eligible.length === 0) throw new AppError('failed-precondition', memberMessages.noEligibleAdmin);
    if (!eligible.some((member) => member.userId === newOwnerId)) {
      throw new AppError('invalid-argument', memberMessages.notEligibleAdmin);
    }
    await app.database.db.transaction(async (tx) => {
      // Conditional on the owner and the new owner's admin seat as they are now, not as they were read.
      const moved = await tx
        .update(subscription)
        .set({ ownerId: newOwnerId, updatedAt: sql`now()` })
        .where(
          and(
            eq(subscription.id, row.id),
            eq(subscription.ownerId, caller.userId),
            sql`exists (select 1 from membership m where m.subscription_id = ${row.id}
                        and m.user_id = ${newOwnerId} and 'admin' = any(m.permissions))`,
          ),
        )
        .returning({ id: subscription.id });
      if (moved.length === 0)
        throw new AppError('aborted', 'The members changed meanwhile; reload and try again.');
      for (const userId of [caller.userId, newOwnerId]) {
        const [current] = await tx
          .select({ permissions: membership.permissions })
          .from(membership)
          .where(and(eq(membership.subscriptionId, row.id), eq(membership.userId, userId)));
        const permissions = normalizePermissions([...(current?.permissions ?? []), ...ownerPermissions]);
        await tx
          .insert(membership)
          .values({ subscriptionId: row.id, userId, permissions })
          .onConflictDoUpdate({
            target: [membership.subscriptionId, membership.userId],
            set: { permissions, updatedAt: sql`now()` },
          });
      }
      await recordAudit(tx, call, {
        kind: 'ownership.transferred',
        target: await memberTarget(tx, newOwnerId),
        before: { owner: caller.userId },
        after: { owner: newOwnerId },
      });
    });
    await ownerTakesOverBilling(app, row, newOwnerId);
    return null;
  },
);
