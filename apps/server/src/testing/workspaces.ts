import { randomUUID } from 'node:crypto';
import type { InviteStatus, PermissionKey } from '@billbridge/contract';
import type { Db } from '../db/client.ts';
import { invite, membership, subscription } from '../db/schema.ts';

/** Seeds a workspace owned by `ownerId` (owner holds access + admin) with extra members. */
export const seedWorkspace = async (
  db: Db,
  ownerId: string,
  members: { userId: string; permissions: PermissionKey[] }[] = [],
  { status = 'active', planId = 'free' }: { status?: string; planId?: string } = {},
): Promise<string> => {
  const id = randomUUID();
  const now = new Date();
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + 1);
  await db.insert(subscription).values({
    id,
    ownerId,
    planId,
    status,
    settings: { name: 'Seeded workspace' },
    currentPeriodStart: now,
    currentPeriodEnd: end,
  });
  await db
    .insert(membership)
    .values([
      { subscriptionId: id, userId: ownerId, permissions: ['access', 'admin'] },
      ...members.map((member) => ({ subscriptionId: id, ...member })),
    ]);
  return id;
};

/** Seeds an invite row directly (bypassing `createInvite` and its e-mail). */
export const seedInvite = async (
  db: Db,
  {
    subscriptionId,
    email,
    inviterId,
    permissions = ['access'],
    status = 'pending',
  }: {
    subscriptionId: string;
    email: string;
    inviterId: string;
    permissions?: PermissionKey[];
    status?: InviteStatus;
  },
): Promise<string> => {
  const id = randomUUID();
  await db
    .insert(invite)
    .values({ id, subscriptionId, email: email.toLowerCase(), inviterId, permissions, status });
  return id;
};
