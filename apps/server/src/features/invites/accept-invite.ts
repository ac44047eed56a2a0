import { eq } from 'drizzle-orm';
import { AppError, inviteMessages, normalizePermissions } from '@billbridge/contract';
import { membership, subscription } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { assertNotCanceled } from '../subscriptions/canceled.ts';
import { assertInviteTransition, findInviteForInvitee, transitionInvite } from './invites.ts';

/**
 * The invitee joins with the invite's permissions. The contract requires a verified e-mail: sign-up
 * does not prove the address, and whoever registers an invited address first would otherwise take
 * the seat.
 */
export const acceptInvite = implement('acceptInvite', async ({ inviteId }, call) => {
  const { app, caller } = call;
  const { db } = app.database;
  const row = await findInviteForInvitee(db, inviteId, caller);
  assertInviteTransition(row, 'accept');
  const [workspace] = await db.select().from(subscription).where(eq(subscription.id, row.subscriptionId));
  if (!workspace) throw new AppError('not-found', inviteMessages.notFound);
  assertNotCanceled(workspace);
  await db.transaction(async (tx) => {
    await transitionInvite(tx, row, 'accept');
    const joined = await tx
      .insert(membership)
      .values({
        subscriptionId: row.subscriptionId,
        userId: caller.userId,
        permissions: normalizePermissions(row.permissions),
      })
      .onConflictDoNothing()
      .returning({ userId: membership.userId });
    if (joined.length === 0) throw new AppError('already-exists', inviteMessages.youAreAlreadyMember);
    await recordAudit(tx, call, {
      kind: 'member.joined',
      subscriptionId: row.subscriptionId,
      target: { type: 'member', id: caller.userId, name: caller.email },
      after: { permissions: normalizePermissions(row.permissions) },
    });
  });
  return { subscriptionId: row.subscriptionId };
});
