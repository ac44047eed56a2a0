import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invite } from '../../db/schema.ts';
import { snapshotDb } from '../../testing/db-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, type TestUser } from '../../testing/users.ts';
import { seedInvite, seedWorkspace } from '../../testing/workspaces.ts';

describe('revokeInvite', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let otherOwner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app, { name: 'Owen Owner' });
    admin = await signUpUser(t.app, { name: 'Ada Admin' });
    otherOwner = await signUpUser(t.app, { name: 'Otto Other' });
  });
  afterAll(() => t.close());

  const workspaceWithInvite = async (ownerId = owner.id, status = 'active') => {
    const subscriptionId = await seedWorkspace(
      t.context.database.db,
      ownerId,
      ownerId === owner.id ? [{ userId: admin.id, permissions: ['access', 'admin'] }] : [],
      { status },
    );
    const inviteId = await seedInvite(t.context.database.db, {
      subscriptionId,
      email: 'guest@example.com',
      inviterId: ownerId,
    });
    return { subscriptionId, inviteId };
  };

  const statusOf = async (id: string) =>
    (await t.context.database.db.select().from(invite).where(eq(invite.id, id)))[0]?.status;

  it('lets an admin who did not send the invite revoke it', async () => {
    const ids = await workspaceWithInvite();
    const { status, body } = await callFunction(t.app, 'revokeInvite', ids, admin);
    expect(status).toBe(200);
    expect(body.result).toBeNull();
    expect(await statusOf(ids.inviteId)).toBe('revoked');
  });

  it('answers not-found for an invite of another workspace, changing nothing', async () => {
    const mine = await workspaceWithInvite();
    const theirs = await workspaceWithInvite(otherOwner.id);
    const before = await snapshotDb(t.context.database.db);
    const { status, body } = await callFunction(
      t.app,
      'revokeInvite',
      { subscriptionId: mine.subscriptionId, inviteId: theirs.inviteId },
      owner,
    );
    expect(status).toBe(404);
    expect(errorOf(body)).toEqual({ status: 'NOT_FOUND', message: 'Invite not found.' });
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('refuses an invite that is no longer pending', async () => {
    const ids = await workspaceWithInvite();
    await callFunction(t.app, 'revokeInvite', ids, owner);
    const { status, body } = await callFunction(t.app, 'revokeInvite', ids, owner);
    expect(status).toBe(400);
    expect(errorOf(body)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'This invite is no longer pending.',
    });
  });

  it('refuses on a canceled workspace', async () => {
    const ids = await workspaceWithInvite(owner.id, 'canceled');
    const { status, body } = await callFunction(t.app, 'revokeInvite', ids, owner);
    expect(status).toBe(400);
    expect(errorOf(body).message).toBe('This subscription has been canceled');
    expect(await statusOf(ids.inviteId)).toBe('pending');
  });

  it('answers an unknown invite with not-found', async () => {
    const { subscriptionId } = await workspaceWithInvite();
    expect(
      (await callFunction(t.app, 'revokeInvite', { subscriptionId, inviteId: 'missing' }, owner)).status,
    ).toBe(404);
  });
});
