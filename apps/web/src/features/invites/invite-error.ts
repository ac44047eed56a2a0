import { AppError, inviteMessages } from '@billbridge/contract';

export type InviteErrorKey =
  'invites.alreadyInvited' | 'invites.alreadyMember' | 'invites.adminByOwnerOnly' | 'invites.createError';

/**
 * Spec §8 "createInvite": an already-exists error whose message mentions a pending invite is
 * alreadyInvited, one mentioning "already a member" is alreadyMember, anything else the generic one.
 */
export const inviteErrorKey = (error: unknown): InviteErrorKey => {
  if (error instanceof AppError && error.message === inviteMessages.adminByOwnerOnly) {
    return 'invites.adminByOwnerOnly';
  }
  if (!(error instanceof AppError) || error.code !== 'already-exists') return 'invites.createError';
  const message = error.message.toLowerCase();
  if (message.includes('pending invite')) return 'invites.alreadyInvited';
  if (message.includes('already a member')) return 'invites.alreadyMember';
  return 'invites.createError';
};
