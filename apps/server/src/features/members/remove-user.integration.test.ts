import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membership } from '../../db/schema.ts';
import { snapshotDb } from '../../testing/db-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, type TestUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';

describe('removeUser', () => {
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

  const memberIds = async (subscriptionId: string) =>
    (
      await t.context.database.db
        .select()
        .from(membership)
        .where(eq(membership.subscriptionId, subscriptionId))
    )
      .map((row) => row.userId)
      .sort();

  it('removes an active member, who then loses access', async () => {
    const id = await newWorkspace();
    const { status, body } = await callFunction(
      t.app,
      'removeUser',
      { subscriptionId: id, userId: admin.id },
      owner,
    );
    expect(status).toBe(200);
    expect(body.result).toBeNull();
    expect(await memberIds(id)).toEqual([owner.id, member.id].sort());
    expect((await callFunction(t.app, 'getSubscription', { subscriptionId: id }, admin)).status).toBe(403);
  });

  it('refuses to remove the owner', async () => {
    const id = await newWorkspace();
    const before = await snapshotDb(t.context.database.db);
    const { status, body } = await callFunction(
      t.app,
      'removeUser',
      { subscriptionId: id, userId: owner.id },
      owner,
    );
    expect(status).toBe(400);
    expect(errorOf(body)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'The owner cannot be removed from this project',
    });
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('refuses someone who is not a member', async () => {
    const id = await newWorkspace();
    const { status, body } = await callFunction(
      t.app,
      'removeUser',
      { subscriptionId: id, userId: stranger.id },
      owner,
    );
    expect(status).toBe(404);
    expect(errorOf(body).message).toBe('This user is not a member of this project');
  });

  it('refuses on a canceled workspace', async () => {
    const id = await newWorkspace('canceled');
    const { status, body } = await callFunction(
      t.app,
      'removeUser',
      { subscriptionId: id, userId: member.id },
      owner,
    );
    expect(status).toBe(400);
    expect(errorOf(body).message).toBe('This subscription has been canceled');
    expect(await memberIds(id)).toHaveLength(3);
  });

  it('refuses an admin who is not the owner', async () => {
    const id = await newWorkspace();
    expect(
      (await callFunction(t.app, 'removeUser', { subscriptionId: id, userId: member.id }, admin)).status,
    ).toBe(403);
    expect(await memberIds(id)).toHaveLength(3);
  });
});
