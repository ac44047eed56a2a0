import { describe, expect, it } from 'vitest';
import { inviteEmailSchema, inviteStatuses, nextInviteStatus, type InviteAction } from './invites.ts';

const actions: InviteAction[] = ['accept', 'reject', 'revoke'];

describe('the invite state machine', () => {
  it('leads a pending invite to accepted, rejected or revoked', () => {
    expect(actions.map((action) => nextInviteStatus('pending', action))).toEqual([
      'accepted',
      'rejected',
      'revoked',
    ]);
  });

  it('allows nothing from any other state', () => {
    for (const status of inviteStatuses.filter((status) => status !== 'pending')) {
      expect(actions.map((action) => nextInviteStatus(status, action))).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    }
  });
});

describe('an invite e-mail', () => {
  it('is trimmed and lower-cased', () => {
    expect(inviteEmailSchema.parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it('must be an address', () => {
    expect(inviteEmailSchema.safeParse('not-an-email').success).toBe(false);
  });
});
