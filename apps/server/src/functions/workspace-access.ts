import { eq } from 'drizzle-orm';
import {
  heldPermissions,
  permissionKeys,
  type GuardPermission,
  type PermissionsMap,
} from '@billbridge/contract';
import type { Db } from '../db/client.ts';
import { membership, subscription, type MembershipRow, type SubscriptionRow } from '../db/schema.ts';

/** The spec's `permissions` map (key → user ids), derived from membership rows. */
export const permissionsMapOf = (members: MembershipRow[]): PermissionsMap =>
  Object.fromEntries(
    permissionKeys.map((key) => [
      key,
      members.filter((member) => member.permissions.includes(key)).map((member) => member.userId),
    ]),
  ) as PermissionsMap;

export type WorkspaceAccess = {
  subscription: SubscriptionRow;
  members: MembershipRow[];
  /** The caller's permissions on it, `owner` included when they own it. */
  held: GuardPermission[];
};

/** Loads a workspace with its members and what `userId` may do there; null when it does not exist. */
export const loadWorkspaceAccess = async (
  db: Db,
  subscriptionId: string,
  userId: string,
): Promise<WorkspaceAccess | null> => {
  const [row] = await db.select().from(subscription).where(eq(subscription.id, subscriptionId));
  if (!row) return null;
  const members = await db.select().from(membership).where(eq(membership.subscriptionId, subscriptionId));
  return {
    subscription: row,
    members,
    held: heldPermissions(permissionsMapOf(members), row.ownerId, userId),
  };
};
