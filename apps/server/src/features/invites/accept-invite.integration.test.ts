import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invite, membership } from '../../db/schema.ts';
import { snapshotDb } from '../../testing/db-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, verifyEmail, type TestUser } from '../../testing/users.ts';
import { seedInvite, seedWorkspace } from '../../testing/workspaces.ts';

describe('acceptInvite', () => {
  let t: TestApp;
  let owner: TestUser;
  let invitee: TestUser;
  let someoneElse: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app, { name: 'Owen Owner' });
    invitee = await signUpUser(t.app, { name: 'Ivy Invitee', email: 'ivy@example.com' });
    someoneElse = await signUpUser(t.app, { name: 'Sam Else', email: 'sam@example.com' });
    await verifyEmail(t.context.database.db, invitee);
    await verifyEmail(t.context.database.db, someoneElse);
  });
  afterAll(() => t.close());

  const invited = async ({
    email = invitee.email,
    status = 'active',
    permissions = ['access', 'admin'] as const,
  } = {}) => {
    const subscriptionId = await seedWorkspace(t.context.database.db, owner.id, [], { status });
    const inviteId = await seedInvite(t.context.database.db, {
      subscriptionId,
      email,
      inviterId: owner.id,
      permissions: [...permissions],
    });
    return { subscriptionId, inviteId };
  };

  const inviteRow = async (id: string) =>
    (await t.context.database.db.select().from(invite).where(eq(invite.id, id)))[0];

  it('makes the invitee a member with the invite’s permissions', async () => {
    const { subscriptionId, inviteId } = await invited();
    const { status, body } = await callFunction(t.app, 'acceptInvite', { inviteId }, invitee);
    expect(status).toBe(200);
    expect(body.result).toEqual({ subscriptionId });

    const [member] = await t.context.database.db
      .select()
      .from(membership)
      .where(and(eq(membership.subscriptionId, subscriptionId), eq(membership.userId, invitee.id)));
    expect(member?.permissions).toEqual(['access', 'admin']);
    expect(await inviteRow(inviteId)).toMatchObject({ status: 'accepted', respondedAt: expect.any(Date) });

    const read = await callFunction(t.app, 'getSubscription', { subscriptionId }, invitee);
    expect(read.status).toBe(200);
    const mine = await callFunction(t.app, 'listMyInvites', {}, invitee);
    expect((mine.body.result as { invites: { id: string }[] }).invites.map((i) => i.id)).not.toContain(
      inviteId,
    );
  });

  it('refuses anyone the invite was not sent to, changing nothing', async () => {
    const { inviteId } = await invited();
    const before = await snapshotDb(t.context.database.db);
    const { status, body } = await callFunction(t.app, 'acceptInvite', { inviteId }, someoneElse);
    expect(status).toBe(403);
    expect(errorOf(body)).toEqual({
      status: 'PERMISSION_DENIED',
      message: 'This invite is not addressed to you.',
    });
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('refuses an invite that is no longer pending', async () => {
    const { inviteId } = await invited();
    expect((await callFunction(t.app, 'acceptInvite', { inviteId }, invitee)).status).toBe(200);
    const again = await callFunction(t.app, 'acceptInvite', { inviteId }, invitee);
    expect(again.status).toBe(400);
    expect(errorOf(again.body)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'This invite is no longer pending.',
    });

    const revoked = await invited();
    await callFunction(t.app, 'revokeInvite', revoked, owner);
    const afterRevoke = await callFunction(t.app, 'acceptInvite', { inviteId: revoked.inviteId }, invitee);
    expect(afterRevoke.status).toBe(400);
    expect(await inviteRow(revoked.inviteId)).toMatchObject({ status: 'revoked' });
  });

  it('accepts exactly once when the invitee accepts twice at the same time', async () => {
    const { subscriptionId, inviteId } = await invited();
    const results = await Promise.all([
      callFunction(t.app, 'acceptInvite', { inviteId }, invitee),
      callFunction(t.app, 'acceptInvite', { inviteId }, invitee),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
    const members = await t.context.database.db
      .select()
      .from(membership)
      .where(eq(membership.subscriptionId, subscriptionId));
    expect(members).toHaveLength(2);
  });

  it('lists, accepts and rejects nothing until the invitee has verified their e-mail address', async () => {
    const unverified = await signUpUser(t.app, { name: 'Una Unverified', email: 'una@example.com' });
    const { inviteId } = await invited({ email: unverified.email });
    const before = await snapshotDb(t.context.database.db);
    for (const [name, input] of [
      ['listMyInvites', {}],
      ['acceptInvite', { inviteId }],
      ['rejectInvite', { inviteId }],
    ] as const) {
      const { status, body } = await callFunction(t.app, name, input, unverified);
      expect(status).toBe(400);
      expect(errorOf(body)).toEqual({
        status: 'FAILED_PRECONDITION',
        message: 'Verify your email address first.',
        details: { messageKey: 'verifyEmailFirst' },
      });
    }
    expect(await snapshotDb(t.context.database.db)).toEqual(before);

    await verifyEmail(t.context.database.db, unverified);
    expect((await callFunction(t.app, 'acceptInvite', { inviteId }, unverified)).status).toBe(200);
  });

  it('answers an unknown invite with not-found', async () => {
    const { status, body } = await callFunction(
      t.app,
      'acceptInvite',
      { inviteId: 'no-such-invite' },
      invitee,
    );
    expect(status).toBe(404);
    expect(errorOf(body)).toEqual({ status: 'NOT_FOUND', message: 'Invite not found.' });
  });

  it('refuses an invite to a canceled workspace', async () => {
    const { inviteId } = await invited({ status: 'canceled' });
    const { status, body } = await callFunction(t.app, 'acceptInvite', { inviteId }, invitee);
    expect(status).toBe(400);
    expect(errorOf(body)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'This subscription has been canceled',
    });
    expect(await inviteRow(inviteId)).toMatchObject({ status: 'pending' });
  });

  it('refuses an invitee who is already a member, keeping the invite pending', async () => {
    const subscriptionId = await seedWorkspace(t.context.database.db, owner.id, [
      { userId: invitee.id, permissions: ['access'] },
    ]);
    const inviteId = await seedInvite(t.context.database.db, {
      subscriptionId,
      email: invitee.email,
      inviterId: owner.id,
      permissions: ['access', 'admin'],
    });
    const { status, body } = await callFunction(t.app, 'acceptInvite', { inviteId }, invitee);
    expect(status).toBe(409);
    expect(errorOf(body)).toEqual({
      status: 'ALREADY_EXISTS',
      message: 'You are already a member of this project',
    });
    expect(await inviteRow(inviteId)).toMatchObject({ status: 'pending' });
  });

  it('refuses an anonymous caller', async () => {
    const { inviteId } = await invited();
    expect((await callFunction(t.app, 'acceptInvite', { inviteId })).status).toBe(401);
  });
});
