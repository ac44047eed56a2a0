import { eq } from 'drizzle-orm';
import { subscription } from '../../db/schema.ts';
import { implement } from '../../functions/framework.ts';
import { assertNotCanceled } from '../subscriptions/canceled.ts';
import { assertInviteTransition, findInviteForInvitee, transitionInvite } from './invites.ts';

/** The invitee declines; the workspace is left as it was. */
export const rejectInvite = implement('rejectInvite', async ({ inviteId }, { app, caller }) => {
  const { db } = app.database;
  const row = await findInviteForInvitee(db, inviteId, caller);
  assertInviteTransition(row, 'reject');
  const [workspace] = await db
    .select({ status: subscription.status })
    .from(subscription)
    .where(eq(subscription.id, row.subscriptionId));
  if (workspace) assertNotCanceled(workspace);
  await transitionInvite(db, row, 'reject');
  return null;
});
