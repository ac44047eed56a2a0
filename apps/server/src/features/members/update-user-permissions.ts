import { and, eq, sql } from 'drizzle-orm';
import { AppError, memberMessages, normalizePermissions } from '@billbridge/contract';
import { membership } from '../../db/schema.ts';
import { memberTarget } from './member-target.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';

/** The owner sets another active member's permissions; the default permission always stays. */
export const updateUserPermissions = implement(
  'updateUserPermissions',
  async ({ userId, permissions }, call) => {
    const { app, workspace } = call;
    const row = workspace.subscription;
    if (userId === row.ownerId)
      throw new AppError('failed-precondition', memberMessages.ownerPermissionsFixed);
    const member = workspace.members.find((one) => one.userId === userId);
    await app.database.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(membership)
        .set({ permissions: normalizePermissions(permissions), updatedAt: sql`now()` })
        .where(and(eq(membership.subscriptionId, row.id), eq(membership.userId, userId)))
        .returning({ permissions: membership.permissions });
      if (!updated) throw new AppError('not-found', memberMessages.notAMember);
      await recordAudit(tx, call, {
        kind: 'member.permissions_changed',
        target: await memberTarget(tx, userId),
        before: { permissions: member?.permissions ?? [] },
        after: { permissions: updated.permissions },
      });
    });
    return null;
  },
);
