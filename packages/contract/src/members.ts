import { z } from 'zod';
import { defineFunction } from './define-function.ts';
import { defaultPageSize, pageSizes } from './page-sizes.ts';
import { defaultPermission, permissionKeys, type PermissionKey } from './permissions.ts';
import { subscriptionIdSchema } from './subscriptions.ts';

export const pageSizeSchema = z.literal(pageSizes).default(defaultPageSize);
export const pageSchema = z.number().int().min(1).max(1_000_000).default(1);

export const userIdSchema = z.string().trim().min(1).max(128);

/** Permission keys as sent by the edit and invite forms; the default one is added by the server. */
export const permissionListSchema = z.array(z.enum(permissionKeys)).max(permissionKeys.length * 4);

export const subscriptionUserStatuses = ['active', 'pending'] as const;
export type SubscriptionUserStatus = (typeof subscriptionUserStatuses)[number];

/**
 * One row of the users list (spec §3 "Subscription user"): an active member (id = user id) or a
 * pending invitee (id = invite_id, permissions empty, pending_permissions the invite's).
 */
export const subscriptionUserSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  email: z.string(),
  status: z.enum(subscriptionUserStatuses),
  permissions: z.array(z.string()),
  pending_permissions: z.array(z.string()),
  invite_id: z.string().nullable(),
});
export type SubscriptionUser = z.infer<typeof subscriptionUserSchema>;

/** The owner first, then members in the order they joined, then pending invitees. */
export const getSubscriptionUsers = defineFunction({
  name: 'getSubscriptionUsers',
  input: z.object({ subscriptionId: subscriptionIdSchema, page: pageSchema, pageSize: pageSizeSchema }),
  output: z.object({ users: z.array(subscriptionUserSchema), total: z.number().int() }),
  requires: { allOf: ['admin'] },
  whenCanceled: 'allowed',
});

export const updateUserPermissions = defineFunction({
  name: 'updateUserPermissions',
  input: z.object({
    subscriptionId: subscriptionIdSchema,
    userId: userIdSchema,
    permissions: permissionListSchema,
  }),
  output: z.null(),
  requires: { allOf: ['owner'] },
});

export const removeUser = defineFunction({
  name: 'removeUser',
  input: z.object({ subscriptionId: subscriptionIdSchema, userId: userIdSchema }),
  output: z.null(),
  requires: { allOf: ['owner'] },
});

export const transferSubscriptionOwnership = defineFunction({
  name: 'transferSubscriptionOwnership',
  input: z.object({ subscriptionId: subscriptionIdSchema, newOwnerId: userIdSchema }),
  output: z.null(),
  requires: { allOf: ['owner'] },
});

/** The texts of members errors the browser matches or shows (spec §5, §8). */
export const memberMessages = {
  noEligibleAdmin: 'No eligible admin users found to transfer ownership to',
  notEligibleAdmin: 'The new owner must be an active admin member who is not the owner',
  notAMember: 'This user is not a member of this project',
  ownerPermissionsFixed: "The owner's permissions cannot be changed",
  ownerCannotBeRemoved: 'The owner cannot be removed from this project',
} as const;

/** A stored permission list: known keys once each, in definition order, the default one always included. */
export const normalizePermissions = (permissions: readonly string[]): PermissionKey[] =>
  permissionKeys.filter((key) => key === defaultPermission || permissions.includes(key));
