import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membership, subscription } from '../../db/schema.ts';
import { snapshotDb } from '../../testing/db-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, type TestUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';

describe('transferSubscriptionOwnership', () => {
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

  const withAdmin = (status = 'active') =>
    seedWorkspace(
      t.context.database.db,
      owner.id,
      [
        { userId: admin.id, permissions: ['access', 'admin'] },
        { userId: member.id, permissions: ['access'] },
      ],
      { status },
    );

  const transfer = (subscriptionId: string, newOwnerId: string, caller = owner) =>
    callFunction(t.app, 'transferSubscriptionOwnership', { subscriptionId, newOwnerId }, caller);

  it('makes an active admin the owner and keeps the old owner as a member with access and admin', async () => {
    const id = await withAdmin();
    const { status, body } = await transfer(id, admin.id);
    expect(status).toBe(200);
    expect(body.result).toBeNull();

    const [row] = await t.context.database.db.select().from(subscription).where(eq(subscription.id, id));
    expect(row?.ownerId).toBe(admin.id);
    const members = await t.context.database.db
      .select()
      .from(membership)
      .where(eq(membership.subscriptionId, id));
    expect(Object.fromEntries(members.map((m) => [m.userId, m.permissions]))).toEqual({
      [owner.id]: ['access', 'admin'],
      [admin.id]: ['access', 'admin'],
      [member.id]: ['access'],
    });
  });

  it('hands the owner-only functions to the new owner and takes them from the old one', async () => {
    const id = await withAdmin();
    await transfer(id, admin.id);
    const removeByOld = await callFunction(
      t.app,
      'removeUser',
      { subscriptionId: id, userId: member.id },
      owner,
    );
    expect(removeByOld.status).toBe(403);
    const removeByNew = await callFunction(
      t.app,
      'removeUser',
      { subscriptionId: id, userId: member.id },
      admin,
    );
    expect(removeByNew.status).toBe(200);
    expect((await transfer(id, owner.id, admin)).status).toBe(200);
  });

  it('says so when the workspace has no admin to transfer to', async () => {
    const id = await seedWorkspace(t.context.database.db, owner.id, [
      { userId: member.id, permissions: ['access'] },
    ]);
    const before = await snapshotDb(t.context.database.db);
    const { status, body } = await transfer(id, member.id);
    expect(status).toBe(400);
    expect(errorOf(body)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'No eligible admin users found to transfer ownership to',
    });
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('refuses a member without admin, the owner themself and a non-member', async () => {
    const id = await withAdmin();
    const before = await snapshotDb(t.context.database.db);
    for (const newOwnerId of [member.id, owner.id, stranger.id, 'no-such-user']) {
      const { status, body } = await transfer(id, newOwnerId);
      expect(status).toBe(400);
      expect(errorOf(body)).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'The new owner must be an active admin member who is not the owner',
      });
    }
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('refuses on a canceled workspace', async () => {
    const id = await withAdmin('canceled');
    const { status, body } = await transfer(id, admin.id);
    expect(status).toBe(400);
    expect(errorOf(body).message).toBe('This subscription has been canceled');
  });

  it('refuses an admin who is not the owner', async () => {
    const id = await withAdmin();
    expect((await transfer(id, admin.id, admin)).status).toBe(403);
  });
});
