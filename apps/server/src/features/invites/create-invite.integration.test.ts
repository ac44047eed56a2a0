import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { invite, userProfile } from '../../db/schema.ts';
import { snapshotDb } from '../../testing/db-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, verifyEmail, type TestUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';

type QueuedMail = { to: string; subject: string; text: string; html: string };

describe('createInvite', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app, { name: 'Ines Inviter' });
    admin = await signUpUser(t.app, { name: 'Ada Admin' });
    member = await signUpUser(t.app, { name: 'Max Member', email: 'max.member@example.com' });
    for (const user of [owner, admin, member]) await verifyEmail(t.context.database.db, user);
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

  const invitesOf = (subscriptionId: string) =>
    t.context.database.db.select().from(invite).where(eq(invite.subscriptionId, subscriptionId));

  const queuedMailTo = async (to: string) =>
    (
      await queryRows<{ data: QueuedMail }>(
        t.context.database.db,
        sql`select data from pgboss.job where name = 'mail.send' and data->>'to' = ${to}`,
      )
    ).map((row) => row.data);

  it('invites an e-mail lower-cased, always adding the default permission', async () => {
    const id = await newWorkspace();
    const { status, body } = await callFunction(
      t.app,
      'createInvite',
      { subscriptionId: id, email: '  New.Person@Example.com ', permissions: ['admin'] },
      owner,
    );
    expect(status).toBe(200);
    const { inviteId } = body.result as { inviteId: string };
    const [row] = await invitesOf(id);
    expect(row).toMatchObject({
      id: inviteId,
      email: 'new.person@example.com',
      status: 'pending',
      permissions: ['access', 'admin'],
      inviterId: owner.id,
      respondedAt: null,
    });
  });

  it('lets only the owner invite an administrator, as only the owner edits permissions', async () => {
    const id = await newWorkspace();
    const before = await snapshotDb(t.context.database.db);
    const inviteAsAdmin = (permissions: string[]) =>
      callFunction(
        t.app,
        'createInvite',
        { subscriptionId: id, email: 'would-be-admin@example.com', permissions },
        admin,
      );
    const refused = await inviteAsAdmin(['access', 'admin']);
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body)).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: 'Only the subscription owner can invite an administrator',
    });
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
    expect(await queuedMailTo('would-be-admin@example.com')).toHaveLength(0);

    expect((await inviteAsAdmin(['access'])).status).toBe(200);
  });

  it('stores the default permission alone when none is chosen', async () => {
    const id = await newWorkspace();
    await callFunction(
      t.app,
      'createInvite',
      { subscriptionId: id, email: 'plain@example.com', permissions: [] },
      owner,
    );
    expect((await invitesOf(id))[0]?.permissions).toEqual(['access']);
  });

  it('queues the invitation e-mail with a link to the app’s home', async () => {
    const id = await newWorkspace();
    await callFunction(
      t.app,
      'createInvite',
      { subscriptionId: id, email: 'linked@example.com', permissions: [] },
      owner,
    );
    const [mail] = await queuedMailTo('linked@example.com');
    expect(mail?.subject).toBe('You have been invited to a project on Billbridge');
    expect(mail?.text).toContain(`Ines Inviter (${owner.email}) invited you to join "Seeded workspace"`);
    expect(mail?.text).toContain('\nhttp://localhost:3000/\n');
    expect(mail?.html).toContain('<a href="http://localhost:3000/">');
  });

  it('writes the e-mail in the inviter’s language', async () => {
    const id = await newWorkspace();
    await t.context.database.db
      .update(userProfile)
      .set({ language: 'zh' })
      .where(eq(userProfile.userId, admin.id));
    try {
      await callFunction(
        t.app,
        'createInvite',
        { subscriptionId: id, email: 'zh@example.com', permissions: [] },
        admin,
      );
    } finally {
      await t.context.database.db
        .update(userProfile)
        .set({ language: null })
        .where(eq(userProfile.userId, admin.id));
    }
    const [mail] = await queuedMailTo('zh@example.com');
    expect(mail?.subject).toBe('您收到了 Billbridge 上的项目邀请');
    expect(mail?.text).toContain('邀请您加入 Billbridge 上的“Seeded workspace”');
    expect(mail?.text).toContain('请使用 zh@example.com 登录或注册');
  });

  it('escapes the workspace name in the HTML e-mail', async () => {
    const id = await newWorkspace();
    await callFunction(
      t.app,
      'updateSubscriptionSettings',
      { subscriptionId: id, settings: { name: '<script>alert(1)</script>' } },
      owner,
    );
    await callFunction(
      t.app,
      'createInvite',
      { subscriptionId: id, email: 'escaped@example.com', permissions: [] },
      owner,
    );
    const [mail] = await queuedMailTo('escaped@example.com');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/\u200bscript&gt;');
    expect(mail?.html).not.toContain('<script>');
  });

  it('refuses a second pending invite for the same e-mail, whatever its case', async () => {
    const id = await newWorkspace();
    await callFunction(
      t.app,
      'createInvite',
      { subscriptionId: id, email: 'twice@example.com', permissions: [] },
      owner,
    );
    const before = await snapshotDb(t.context.database.db);
    const { status, body } = await callFunction(
      t.app,
      'createInvite',
      { subscriptionId: id, email: 'TWICE@example.com', permissions: [] },
      admin,
    );
    expect(status).toBe(409);
    expect(errorOf(body)).toEqual({
      status: 'ALREADY_EXISTS',
      message: 'This email already has a pending invite',
      details: { messageKey: 'alreadyInvited' },
    });
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('keeps one pending invite when two admins invite the same e-mail at once', async () => {
    const id = await newWorkspace();
    const send = (caller: TestUser) =>
      callFunction(
        t.app,
        'createInvite',
        { subscriptionId: id, email: 'race@example.com', permissions: [] },
        caller,
      );
    const results = await Promise.all([send(owner), send(admin)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(await invitesOf(id)).toHaveLength(1);
    expect(await queuedMailTo('race@example.com')).toHaveLength(1);
  });

  it('invites the same e-mail again once the earlier invite was answered', async () => {
    const id = await newWorkspace();
    const first = await callFunction(
      t.app,
      'createInvite',
      { subscriptionId: id, email: 'again@example.com', permissions: [] },
      owner,
    );
    const { inviteId } = first.body.result as { inviteId: string };
    await callFunction(t.app, 'revokeInvite', { subscriptionId: id, inviteId }, owner);
    const second = await callFunction(
      t.app,
      'createInvite',
      { subscriptionId: id, email: 'again@example.com', permissions: [] },
      owner,
    );
    expect(second.status).toBe(200);
    expect((await invitesOf(id)).map((row) => row.status).sort()).toEqual(['pending', 'revoked']);
  });

  it('refuses an existing member, whatever the case of the e-mail', async () => {
    const id = await newWorkspace();
    const before = await snapshotDb(t.context.database.db);
    const { status, body } = await callFunction(
      t.app,
      'createInvite',
      { subscriptionId: id, email: 'Max.Member@EXAMPLE.com', permissions: [] },
      admin,
    );
    expect(status).toBe(409);
    expect(errorOf(body)).toEqual({
      status: 'ALREADY_EXISTS',
      message: 'This user is already a member of this project',
      details: { messageKey: 'alreadyMember' },
    });
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('refuses a malformed e-mail and an unknown permission', async () => {
    const id = await newWorkspace();
    const badEmail = await callFunction(
      t.app,
      'createInvite',
      { subscriptionId: id, email: 'nope', permissions: [] },
      owner,
    );
    expect(badEmail.status).toBe(400);
    expect(errorOf(badEmail.body).message).toContain('email');
    const badPermission = await callFunction(
      t.app,
      'createInvite',
      { subscriptionId: id, email: 'ok@example.com', permissions: ['owner'] },
      owner,
    );
    expect(badPermission.status).toBe(400);
    expect(errorOf(badPermission.body).message).toContain('permissions');
    expect(await invitesOf(id)).toEqual([]);
  });

  it('refuses to invite into a canceled workspace', async () => {
    const id = await newWorkspace('canceled');
    const { status, body } = await callFunction(
      t.app,
      'createInvite',
      { subscriptionId: id, email: 'late@example.com', permissions: [] },
      owner,
    );
    expect(status).toBe(400);
    expect(errorOf(body)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'This subscription has been canceled',
    });
    expect(await invitesOf(id)).toEqual([]);
  });

  it('refuses an access-only member', async () => {
    const id = await newWorkspace();
    const { status } = await callFunction(
      t.app,
      'createInvite',
      { subscriptionId: id, email: 'friend@example.com', permissions: ['admin'] },
      member,
    );
    expect(status).toBe(403);
  });
});
