import { describe, expect, it } from 'vitest';
import { holdsAdminPermission, navigationLinks } from './navigation.ts';

const labels = (subscriptionId: string | undefined, held: Parameters<typeof navigationLinks>[1]) =>
  navigationLinks(subscriptionId, held).map((link) => link.label);

describe('navigationLinks', () => {
  it('shows only the subscription list outside a workspace', () => {
    expect(navigationLinks(undefined, [])).toEqual([
      { label: 'subscriptionList', to: '/dashboard', end: true },
    ]);
  });

  it('shows a plain member only the dashboard of the workspace: its other pages need admin', () => {
    expect(labels('sub_1', ['access'])).toEqual(['subscriptionList', 'dashboard']);
  });

  it('adds sources, destinations, the activity and audit logs, users, billing and settings for a holder of an admin permission', () => {
    expect(navigationLinks('sub_1', ['access', 'admin'])[2]?.to).toBe('/subscription/sub_1/sources');
    expect(labels('sub_1', ['access', 'admin'])).toEqual([
      'subscriptionList',
      'dashboard',
      'sources',
      'destinations',
      'activity',
      'audit',
      'users',
      'billing',
      'settings',
    ]);
  });

  it('does not count ownership alone as an admin permission', () => {
    expect(holdsAdminPermission(['access', 'owner'])).toBe(false);
    expect(holdsAdminPermission(['admin'])).toBe(true);
  });
});
