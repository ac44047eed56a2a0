import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { membership, user, userProfile, type SubscriptionRow } from '../../db/schema.ts';

type Reader = Pick<Db, 'select'>;

/**
 * The owner and every member holding admin, with their name and language: who hears about a
 * workspace's troubles (the owner is the one whose id is the workspace's owner id).
 */
export const workspaceAdminsOf = (tx: Reader, workspace: Pick<SubscriptionRow, 'id' | 'ownerId'>) => {
  const admins = tx
    .select({ userId: membership.userId })
    .from(membership)
    .where(and(eq(membership.subscriptionId, workspace.id), sql`'admin' = any(${membership.permissions})`));
  return tx
    .select({ id: user.id, name: user.name, email: user.email, language: userProfile.language })
    .from(user)
    .leftJoin(userProfile, eq(userProfile.userId, user.id))
    .where(or(eq(user.id, workspace.ownerId), inArray(user.id, admins)))
    .orderBy(user.email);
};
