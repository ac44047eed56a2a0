import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membership } from '../../db/schema.ts';
import { snapshotDb } from '../../testing/db-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, type TestUser } from '../../testing/users.ts';
import { seedInvite, seedWorkspace } from '../../testing/workspaces.ts';

describe('updateUserPermissions', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app, { name: 'Owen Owner' });
    admin = await signUpUser(t.app, { name: 'Ada Admin' });
    member = await signUpUser(t.app, { name: 'Max Member' });
    stranger = await signUpUser(t.app, { name: 'Sam Stranger' });
  });
  afterAll(() => t.close());

  const newWorkspace = (status = 'active') =>
    seedWorkspace(
      t.context.database.db,
      owner.id,
      [
        { userId: admin.id, permissions: ['access', 'admin'] },
        { userId: member.id, permissions: ['access'] },
      ],
      { status },
    );

  const permissionsOf = async (subscriptionId: string, userId: string) =>
    (
      await t.context.database.db
        .select()
        .from(membership)
        .where(and(eq(membership.subscriptionId, subscriptionId), eq(membership.userId, userId)))
    )[0]?.permissions;

  const update = (subscriptionId: string, userId: string, permissions: string[], caller = owner) =>
    callFunction(t.app, 'updateUserPermissions', { subscriptionId, userId, permissions }, caller);

  it('lets the owner make a member an admin and back', async () => {
    const id = await newWorkspace();
    expect((await update(id, member.id, ['access', 'admin'])).status).toBe(200);
    expect(await permissionsOf(id, member.id)).toEqual(['access', 'admin']);
    expect((await update(id, member.id, ['access'])).status).toBe(200);
    expect(await permissionsOf(id, member.id)).toEqual(['access']);
  });

  it('always keeps the default permission', async () => {
    const id = await newWorkspace();
    expect((await update(id, admin.id, [])).status).toBe(200);
    expect(await permissionsOf(id, admin.id)).toEqual(['access']);
    expect((await update(id, member.id, ['admin', 'admin'])).status).toBe(200);
    expect(await permissionsOf(id, member.id)).toEqual(['access', 'admin']);
  });

  it('refuses to change the owner’s own permissions', async () => {
    const id = await newWorkspace();
    const before = await snapshotDb(t.context.database.db);
    const { status, body } = await update(id, owner.id, ['access']);
    expect(status).toBe(400);
    expect(errorOf(body)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: "The owner's permissions cannot be changed",
    });
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('refuses someone who is not an active member, a pending invitee included', async () => {
    const id = await newWorkspace();
    const inviteId = await seedInvite(t.context.database.db, {
      subscriptionId: id,
      email: 'p@example.com',
      inviterId: owner.id,
    });
    for (const userId of [stranger.id, inviteId]) {
      const { status, body } = await update(id, userId, ['access', 'admin']);
      expect(status).toBe(404);
      expect(errorOf(body)).toEqual({
        status: 'NOT_FOUND',
        message: 'This user is not a member of this project',
      });
    }
  });

  it('refuses an unknown permission', async () => {
    const id = await newWorkspace();
    expect((await update(id, member.id, ['superuser'])).status).toBe(400);
    expect(await permissionsOf(id, member.id)).toEqual(['access']);
  });

  it('refuses on a canceled workspace', async () => {
    const id = await newWorkspace('canceled');
    const { status, body } = await update(id, member.id, ['access', 'admin']);
    expect(status).toBe(400);
    expect(errorOf(body).message).toBe('This subscription has been canceled');
    expect(await permissionsOf(id, member.id)).toEqual(['access']);
  });

  it('refuses an admin who is not the owner', async () => {
    const id = await newWorkspace();
    expect((await update(id, member.id, ['access', 'admin'], admin)).status).toBe(403);
  });
});
