import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membership, user, userProfile } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, type TestUser } from '../../testing/users.ts';
import { seedInvite, seedWorkspace } from '../../testing/workspaces.ts';

type Listed = { users: Record<string, unknown>[]; total: number };

describe('getSubscriptionUsers', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app, { name: 'Olga Owner' });
    admin = await signUpUser(t.app, { name: 'Ada Admin' });
    member = await signUpUser(t.app, { name: 'Max Member' });
  });
  afterAll(() => t.close());

  const list = async (data: Record<string, unknown>, caller = admin) => {
    const { status, body } = await callFunction(t.app, 'getSubscriptionUsers', data, caller);
    return { status, body, result: body.result as Listed };
  };

  /** Members joined in this order: admin first, then member (membership rows carry created_at). */
  const newWorkspace = async () => {
    const id = await seedWorkspace(t.context.database.db, owner.id, [
      { userId: admin.id, permissions: ['access', 'admin'] },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.context.database.db
      .insert(membership)
      .values({ subscriptionId: id, userId: member.id, permissions: ['access'] });
    return id;
  };

  it('lists the owner first, then members, then pending invitees, with the total', async () => {
    const id = await newWorkspace();
    const inviteId = await seedInvite(t.context.database.db, {
      subscriptionId: id,
      email: 'pending@example.com',
      inviterId: owner.id,
      permissions: ['access', 'admin'],
    });
    await seedInvite(t.context.database.db, {
      subscriptionId: id,
      email: 'gone@example.com',
      inviterId: owner.id,
      status: 'revoked',
    });

    const { status, result } = await list({ subscriptionId: id });
    expect(status).toBe(200);
    expect(result.total).toBe(4);
    expect(result.users).toEqual([
      {
        id: owner.id,
        display_name: 'Olga Owner',
        email: owner.email,
        status: 'active',
        permissions: ['access', 'admin'],
        pending_permissions: [],
        invite_id: null,
      },
      {
        id: admin.id,
        display_name: 'Ada Admin',
        email: admin.email,
        status: 'active',
        permissions: ['access', 'admin'],
        pending_permissions: [],
        invite_id: null,
      },
      {
        id: member.id,
        display_name: 'Max Member',
        email: member.email,
        status: 'active',
        permissions: ['access'],
        pending_permissions: [],
        invite_id: null,
      },
      {
        id: inviteId,
        display_name: '',
        email: 'pending@example.com',
        status: 'pending',
        permissions: [],
        pending_permissions: ['access', 'admin'],
        invite_id: inviteId,
      },
    ]);
  });

  it('pages through the list with page and pageSize, 10 to a page by default', async () => {
    const id = await newWorkspace();
    for (let n = 0; n < 12; n += 1) {
      const userId = randomUUID();
      await t.context.database.db
        .insert(user)
        .values({ id: userId, name: `Extra ${n}`, email: `extra${n}-${userId}@example.com` });
      await t.context.database.db.insert(userProfile).values({ userId, displayName: `Extra ${n}` });
      await t.context.database.db
        .insert(membership)
        .values({ subscriptionId: id, userId, permissions: ['access'] });
    }
    const first = await list({ subscriptionId: id });
    expect(first.result.total).toBe(15);
    expect(first.result.users).toHaveLength(10);
    expect(first.result.users[0]?.id).toBe(owner.id);

    const second = await list({ subscriptionId: id, page: 2 });
    expect(second.result.users).toHaveLength(5);
    const all = await list({ subscriptionId: id, pageSize: 20 });
    expect(all.result.users.map((row) => row.id)).toEqual(
      [...first.result.users, ...second.result.users].map((row) => row.id),
    );
    expect((await list({ subscriptionId: id, page: 9 })).result).toEqual({ users: [], total: 15 });
  });

  it('refuses a page size other than 10, 20, 50 or 100 and a page below 1', async () => {
    const id = await newWorkspace();
    const size = await list({ subscriptionId: id, pageSize: 25 });
    expect(size.status).toBe(400);
    expect(errorOf(size.body).message).toContain('pageSize');
    expect((await list({ subscriptionId: id, page: 0 })).status).toBe(400);
  });

  it('refuses an access-only member', async () => {
    const id = await newWorkspace();
    expect((await list({ subscriptionId: id }, member)).status).toBe(403);
  });
});
