import { AppError, inviteMessages } from '@billbridge/contract';
import { implement } from '../../functions/framework.ts';
import { recordAudit } from '../../functions/audit-trail.ts';
import { findInvite, transitionInvite } from './invites.ts';

/** The inviter's side withdraws a pending invite: any admin of the workspace the invite belongs to. */
export const revokeInvite = implement('revokeInvite', async ({ inviteId }, call) => {
  const { app, workspace } = call;
  const { db } = app.database;
  const row = await findInvite(db, inviteId);
  // The framework checked admin on the workspace named in the input: the invite must be one of its own.
  if (row.subscriptionId !== workspace.subscription.id)
    throw new AppError('not-found', inviteMessages.notFound);
  await db.transaction(async (tx) => {
    await transitionInvite(tx, row, 'revoke');
    const target = { type: 'invite', id: row.id, name: row.email } as const;
    await recordAudit(tx, call, { kind: 'member.invite_revoked', target });
  });
  return null;
});
