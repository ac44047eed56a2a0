import { and, eq } from 'drizzle-orm';
import { AppError, memberMessages } from '@billbridge/contract';
import { membership } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { memberTarget } from './member-target.ts';

/** The owner removes an active member other than themself. */
export const removeUser = implement('removeUser', async ({ userId }, call) => {
  const { app, workspace } = call;
  const row = workspace.subscription;
  if (userId === row.ownerId) throw new AppError('failed-precondition', memberMessages.ownerCannotBeRemoved);
  await app.database.db.transaction(async (tx) => {
    const target = await memberTarget(tx, userId);
    const removed = await tx
      .delete(membership)
      .where(and(eq(membership.subscriptionId, row.id), eq(membership.userId, userId)))
      .returning({ permissions: membership.permissions });
    if (removed.length === 0) throw new AppError('not-found', memberMessages.notAMember);
    await recordAudit(tx, call, { kind: 'member.removed', target });
  });
  return null;
});
