import { describe, expect, it } from 'vitest';
import type { SubscriptionUser } from '@billbridge/contract';
import { eligibleNewOwners, rowActions, shownPermissions } from './member-rules.ts';
import { canceledBlock, ownerActionBlock } from './owner-action.ts';

const member = (overrides: Partial<SubscriptionUser>): SubscriptionUser => ({
  id: 'u1',
  display_name: 'Ada',
  email: 'ada@example.com',
  status: 'active',
  permissions: ['access'],
  pending_permissions: [],
  invite_id: null,
  ...overrides,
});

const owner = member({ id: 'owner', permissions: ['access', 'admin'] });
const admin = member({ id: 'admin', permissions: ['access', 'admin'] });
const plain = member({ id: 'plain' });
const invitee = member({
  id: 'inv1',
  status: 'pending',
  permissions: [],
  pending_permissions: ['access', 'admin'],
  invite_id: 'inv1',
});

describe('eligibleNewOwners', () => {
  it('offers only active admins who are not the owner', () => {
    expect(eligibleNewOwners([owner, admin, plain, invitee], 'owner')).toEqual([admin]);
  });

  it('offers nobody when the owner is the only admin', () => {
    expect(eligibleNewOwners([owner, plain], 'owner')).toEqual([]);
  });
});

describe('rowActions', () => {
  it('lets active non-owners be edited and removed', () => {
    expect(rowActions(admin, 'owner')).toBe('editAndRemove');
    expect(rowActions(plain, 'owner')).toBe('editAndRemove');
  });

  it('offers nothing on the owner', () => {
    expect(rowActions(owner, 'owner')).toBe('none');
  });

  it('offers revoke on a pending invitee with an invite', () => {
    expect(rowActions(invitee, 'owner')).toBe('revoke');
    expect(rowActions({ ...invitee, invite_id: null }, 'owner')).toBe('none');
  });
});

describe('shownPermissions', () => {
  it('shows the pending permissions of an invitee and the held ones of a member', () => {
    expect(shownPermissions(invitee)).toEqual(['access', 'admin']);
    expect(shownPermissions(admin)).toEqual(['access', 'admin']);
  });
});

describe('ownerActionBlock', () => {
  it('lets the owner act on a live workspace', () => {
    expect(ownerActionBlock(['access', 'admin', 'owner'], 'active')).toBeNull();
  });

  it('blocks everyone else as owner-only', () => {
    expect(ownerActionBlock(['access', 'admin'], 'active')).toBe('ownerOnly');
  });

  it('blocks everyone, the owner too, on a canceled workspace', () => {
    expect(ownerActionBlock(['access', 'admin', 'owner'], 'canceled')).toBe('alreadyCanceled');
    expect(ownerActionBlock(['access'], 'canceled')).toBe('alreadyCanceled');
  });
});

describe('canceledBlock', () => {
  it('blocks admin actions only on a canceled workspace', () => {
    expect(canceledBlock('active')).toBeNull();
    expect(canceledBlock('past_due')).toBeNull();
    expect(canceledBlock('canceled')).toBe('alreadyCanceled');
  });
});
