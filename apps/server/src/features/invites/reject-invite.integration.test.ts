import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invite, membership } from '../../db/schema.ts';
import { snapshotDb } from '../../testing/db-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, verifyEmail, type TestUser } from '../../testing/users.ts';
import { seedInvite, seedWorkspace } from '../../testing/workspaces.ts';

describe('rejectInvite', () => {
  let t: TestApp;
  let owner: TestUser;
  let invitee: TestUser;
  let someoneElse: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app, { name: 'Owen Owner' });
    invitee = await signUpUser(t.app, { name: 'Ivy Invitee', email: 'ivy@example.com' });
    someoneElse = await signUpUser(t.app, { name: 'Sam Else' });
    for (const user of [invitee, someoneElse]) await verifyEmail(t.context.database.db, user);
  });
  afterAll(() => t.close());

  const invited = async (status = 'active') => {
    const subscriptionId = await seedWorkspace(t.context.database.db, owner.id, [], { status });
    const inviteId = await seedInvite(t.context.database.db, {
      subscriptionId,
      email: 'IVY@example.com',
      inviterId: owner.id,
    });
    return { subscriptionId, inviteId };
  };

  const statusOf = async (id: string) =>
    (await t.context.database.db.select().from(invite).where(eq(invite.id, id)))[0]?.status;

  it('marks the invite rejected and leaves the workspace’s members as they were', async () => {
    const { subscriptionId, inviteId } = await invited();
    const { status, body } = await callFunction(t.app, 'rejectInvite', { inviteId }, invitee);
    expect(status).toBe(200);
    expect(body.result).toBeNull();
    expect(await statusOf(inviteId)).toBe('rejected');
    const members = await t.context.database.db
      .select()
      .from(membership)
      .where(eq(membership.subscriptionId, subscriptionId));
    expect(members.map((member) => member.userId)).toEqual([owner.id]);
  });

  it('refuses anyone the invite was not sent to, changing nothing', async () => {
    const { inviteId } = await invited();
    const before = await snapshotDb(t.context.database.db);
    const { status, body } = await callFunction(t.app, 'rejectInvite', { inviteId }, someoneElse);
    expect(status).toBe(403);
    expect(errorOf(body).message).toBe('This invite is not addressed to you.');
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('refuses an invite that is no longer pending', async () => {
    const { inviteId } = await invited();
    await callFunction(t.app, 'rejectInvite', { inviteId }, invitee);
    const { status, body } = await callFunction(t.app, 'rejectInvite', { inviteId }, invitee);
    expect(status).toBe(400);
    expect(errorOf(body)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'This invite is no longer pending.',
    });
  });

  it('refuses an invite to a canceled workspace', async () => {
    const { inviteId } = await invited('canceled');
    const { status, body } = await callFunction(t.app, 'rejectInvite', { inviteId }, invitee);
    expect(status).toBe(400);
    expect(errorOf(body).message).toBe('This subscription has been canceled');
    expect(await statusOf(inviteId)).toBe('pending');
  });

  it('answers an unknown invite with not-found', async () => {
    expect((await callFunction(t.app, 'rejectInvite', { inviteId: 'missing' }, invitee)).status).toBe(404);
  });
});
