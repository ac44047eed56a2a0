import { and, eq, sql } from 'drizzle-orm';
import { AppError, memberMessages, normalizePermissions } from '@billbridge/contract';
import { membership } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';

/** The owner sets another active member's permissions; the default permission always stays. */
export const updateUserPermissions = implement(
  'updateUserPermissions',
  async ({ userId, permissions }, { app, workspace }) => {
    const row = workspace.subscription;
    if (userId === row.ownerId)
      throw new AppError('failed-precondition', memberMessages.ownerPermissionsFixed);
    const updated = await app.database.db
      .update(membership)
      .set({ permissions: normalizePermissions(permissions), updatedAt: sql`now()` })
      .where(and(eq(membership.subscriptionId, row.id), eq(membership.userId, userId)))
      .returning({ userId: membership.userId });
    if (updated.length === 0) throw new AppError('not-found', memberMessages.notAMember);
    return null;
  },
);
