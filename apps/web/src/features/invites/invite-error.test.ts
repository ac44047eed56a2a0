import { describe, expect, it } from 'vitest';
import { AppError, inviteMessages } from '@billbridge/contract';
import { inviteErrorKey } from './invite-error.ts';

describe('inviteErrorKey', () => {
  it('names a pending invite alreadyInvited', () => {
    expect(inviteErrorKey(new AppError('already-exists', inviteMessages.alreadyInvited))).toBe(
      'invites.alreadyInvited',
    );
  });

  it('names an existing member alreadyMember', () => {
    expect(inviteErrorKey(new AppError('already-exists', inviteMessages.alreadyMember))).toBe(
      'invites.alreadyMember',
    );
  });

  it('explains the limits and the verification by the key the server sends', () => {
    const limited = (messageKey: string) =>
      inviteErrorKey(new AppError('resource-exhausted', 'Too many.', { messageKey }));
    expect(limited('tooManyInvites')).toBe('invites.tooManyInvites');
    expect(limited('tooManyPendingInvites')).toBe('invites.tooManyPendingInvites');
    expect(limited('addressInvitedTooOften')).toBe('invites.addressInvitedTooOften');
    expect(limited('somethingNew')).toBe('invites.createError');
    expect(
      inviteErrorKey(new AppError('failed-precondition', 'Verify.', { messageKey: 'verifyEmailFirst' })),
    ).toBe('invites.verifyToInvite');
  });

  it('falls back to the generic error for other codes and messages', () => {
    expect(inviteErrorKey(new AppError('internal', inviteMessages.alreadyMember))).toBe(
      'invites.createError',
    );
    expect(inviteErrorKey(new AppError('already-exists', 'Something else'))).toBe('invites.createError');
    expect(inviteErrorKey(new TypeError('network'))).toBe('invites.createError');
  });
});
