import { permissionDefinitions, permissionKeys, type SubscriptionUser } from '@billbridge/contract';

const adminKeys: readonly string[] = permissionKeys.filter((key) => permissionDefinitions[key].isAdmin);

/** Spec §5/§6: ownership can go only to an active member holding an admin permission who is not the owner. */
export const eligibleNewOwners = (users: readonly SubscriptionUser[], ownerId: string): SubscriptionUser[] =>
  users.filter(
    (user) =>
      user.status === 'active' &&
      user.id !== ownerId &&
      user.permissions.some((permission) => adminKeys.includes(permission)),
  );

/** What the actions column offers for one row (spec §4 "Subscription user"). */
export type RowActions = 'editAndRemove' | 'revoke' | 'none';

export const rowActions = (user: SubscriptionUser, ownerId: string): RowActions => {
  if (user.status === 'pending') return user.invite_id ? 'revoke' : 'none';
  return user.id === ownerId ? 'none' : 'editAndRemove';
};

/** The permissions a row shows: a pending invitee's are the invite's. */
export const shownPermissions = (user: SubscriptionUser): string[] =>
  user.status === 'pending' ? user.pending_permissions : user.permissions;
