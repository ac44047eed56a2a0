/**
 * Permissions (spec §6). The stored keys are `access` (the default, needed to see a workspace)
 * and `admin`; `owner` is not stored: it means "the caller is the subscription's owner_id".
 */
export const permissionKeys = ['access', 'admin'] as const;
export type PermissionKey = (typeof permissionKeys)[number];

export type PermissionDefinition = { labelKey: string; isDefault: boolean; isAdmin: boolean };

export const permissionDefinitions: Record<PermissionKey, PermissionDefinition> = {
  access: { labelKey: 'permissions.access', isDefault: true, isAdmin: false },
  admin: { labelKey: 'permissions.admin', isDefault: false, isAdmin: true },
};

export const defaultPermission: PermissionKey = 'access';

/** Names a guard may require: the stored keys plus the derived `owner`. */
export const guardPermissions = [...permissionKeys, 'owner'] as const;
export type GuardPermission = (typeof guardPermissions)[number];

export const isGuardPermission = (name: string): name is GuardPermission =>
  (guardPermissions as readonly string[]).includes(name);

/** What a page or function demands: every one of the names, or any one of them. */
export type PermissionRequirement = { allOf: GuardPermission[] } | { anyOf: GuardPermission[] };

/** The permissions a user holds on one workspace, `owner` included when they own it. */
export const satisfies = (held: readonly GuardPermission[], required: PermissionRequirement): boolean =>
  'allOf' in required
    ? required.allOf.every((name) => held.includes(name))
    : required.anyOf.some((name) => held.includes(name));

/** The spec's `permissions` map (key → user ids) is derived from memberships. */
export type PermissionsMap = Record<PermissionKey, string[]>;

export const heldPermissions = (
  permissions: PermissionsMap,
  ownerId: string,
  userId: string,
): GuardPermission[] => {
  const held: GuardPermission[] = permissionKeys.filter((key) => permissions[key].includes(userId));
  if (ownerId === userId) held.push('owner');
  return held;
};
