import { AppError, inviteMessages, messageKeyOf } from '@billbridge/contract';

export type InviteErrorKey =
  | 'invites.alreadyInvited'
  | 'invites.alreadyMember'
  | 'invites.adminByOwnerOnly'
  | 'invites.verifyToInvite'
  | 'invites.tooManyInvites'
  | 'invites.tooManyPendingInvites'
  | 'invites.addressInvitedTooOften'
  | 'invites.createError';

/** The server's message keys this screen explains in the reader's language. */
const keyByMessageKey: Record<string, InviteErrorKey> = {
  verifyEmailFirst: 'invites.verifyToInvite',
  tooManyInvites: 'invites.tooManyInvites',
  tooManyPendingInvites: 'invites.tooManyPendingInvites',
  addressInvitedTooOften: 'invites.addressInvitedTooOften',
};

/**
 * Spec §8 "createInvite": an already-exists error whose message mentions a pending invite is
 * alreadyInvited, one mentioning "already a member" is alreadyMember; the limits and the
 * verification the server names by key; anything else the generic one.
 */
export const inviteErrorKey = (error: unknown): InviteErrorKey => {
  if (error instanceof AppError && error.message === inviteMessages.adminByOwnerOnly) {
    return 'invites.adminByOwnerOnly';
  }
  const known = keyByMessageKey[messageKeyOf(error) ?? ''];
  if (known) return known;
  if (!(error instanceof AppError) || error.code !== 'already-exists') return 'invites.createError';
  const message = error.message.toLowerCase();
  if (message.includes('pending invite')) return 'invites.alreadyInvited';
  if (message.includes('already a member')) return 'invites.alreadyMember';
  return 'invites.createError';
};
