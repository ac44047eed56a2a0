import { AppError, inviteMessages } from '@billbridge/contract';
import { implement } from '../../functions/framework.ts';
import { findInvite, transitionInvite } from './invites.ts';

/** The inviter's side withdraws a pending invite: any admin of the workspace the invite belongs to. */
export const revokeInvite = implement('revokeInvite', async ({ inviteId }, { app, workspace }) => {
  const { db } = app.database;
  const row = await findInvite(db, inviteId);
  // The framework checked admin on the workspace named in the input: the invite must be one of its own.
  if (row.subscriptionId !== workspace.subscription.id)
    throw new AppError('not-found', inviteMessages.notFound);
  await transitionInvite(db, row, 'revoke');
  return null;
});
