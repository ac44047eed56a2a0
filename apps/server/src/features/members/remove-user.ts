import { and, eq } from 'drizzle-orm';
import { AppError, memberMessages } from '@billbridge/contract';
import { membership } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';

/** The owner removes an active member other than themself. */
export const removeUser = implement('removeUser', async ({ userId }, { app, workspace }) => {
  const row = workspace.subscription;
  if (userId === row.ownerId) throw new AppError('failed-precondition', memberMessages.ownerCannotBeRemoved);
  const removed = await app.database.db
    .delete(membership)
    .where(and(eq(membership.subscriptionId, row.id), eq(membership.userId, userId)))
    .returning({ userId: membership.userId });
  if (removed.length === 0) throw new AppError('not-found', memberMessages.notAMember);
  return null;
});
