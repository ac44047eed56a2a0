import { randomUUID } from 'node:crypto';
import type { InviteStatus, PermissionKey } from '@billbridge/contract';
import type { Db } from '../db/client.ts';
import { invite, membership, subscription } from '../db/schema.ts';

/** The rows `seedWorkspace` inserts: the workspace, its owner's membership (access + admin) and the members'. */
export const workspaceRows = (
  ownerId: string,
  members: { userId: string; permissions: PermissionKey[] }[] = [],
  { status = 'active', planId = 'free' }: { status?: string; planId?: string } = {},
) => {
  const id = randomUUID();
  const now = new Date();
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return {
    workspace: {
      id,
      ownerId,
      planId,
      status,
      settings: { name: 'Seeded workspace' },
      currentPeriodStart: now,
      currentPeriodEnd: end,
    },
    memberships: [
      { subscriptionId: id, userId: ownerId, permissions: ['access', 'admin'] as PermissionKey[] },
      ...members.map((member) => ({ subscriptionId: id, ...member })),
    ],
  };
};

/** Seeds a workspace owned by `ownerId` (owner holds access + admin) with extra members. */
export const seedWorkspace = async (
  db: Db,
  ownerId: string,
  members: { userId: string; permissions: PermissionKey[] }[] = [],
  options: { status?: string; planId?: string } = {},
): Promise<string> => {
  const rows = workspaceRows(ownerId, members, options);
  await db.insert(subscription).values(rows.workspace);
  await db.insert(membership).values(rows.memberships);
  return rows.workspace.id;
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
