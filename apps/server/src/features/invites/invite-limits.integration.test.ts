import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { snapshotDb } from '../../testing/db-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, verifyEmail, type TestUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';

type QueuedMail = { to: string; subject: string; text: string; html: string };

describe('invites are no relay for spam', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app, { name: 'Visit evil.example/login now' });
    await verifyEmail(t.context.database.db, owner);
  });
  afterAll(() => t.close());

  const db = () => t.context.database.db;
  const send = (caller: TestUser, subscriptionId: string, email: string) =>
    callFunction(t.app, 'createInvite', { subscriptionId, email, permissions: [] }, caller);
  const verifiedUser = async () => {
    const user = await signUpUser(t.app);
    await verifyEmail(db(), user);
    return user;
  };
  /** Invite rows made `age` ago, as earlier calls would have left them. */
  const seedInvites = (
    rows: number,
    { subscriptionId, inviterId, age, status = 'revoked' }: Record<string, string>,
  ) =>
    queryRows(
      db(),
      sql`insert into invite (id, subscription_id, email, status, permissions, inviter_id, created_at)
          select gen_random_uuid()::text, ${subscriptionId}, 'seeded-' || n::text || '-' || gen_random_uuid() || '@example.com',
                 ${status}, array['access'], ${inviterId}, now() - ${age}::text::interval
          from generate_series(1, ${rows}::int) as n`,
    );
  const refusal = (messageKey: string, message: string) => ({
    status: 'RESOURCE_EXHAUSTED',
    message,
    details: { messageKey },
  });

  it('refuses an inviter whose e-mail is not verified, and lets them create a free workspace', async () => {
    const unverified = await signUpUser(t.app);
    const created = await callFunction(t.app, 'createSubscription', { planId: 'free' }, unverified);
    expect(created.status).toBe(200);
    const { subscriptionId } = created.body.result as { subscriptionId: string };
    const before = await snapshotDb(db());
    const { status, body } = await send(unverified, subscriptionId, 'friend@example.com');
    expect(status).toBe(400);
    expect(errorOf(body)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'Verify your email address first.',
      details: { messageKey: 'verifyEmailFirst' },
    });
    expect(await snapshotDb(db())).toEqual(before);
  });

  it('sends 20 of 25 invites fired at once, and mails only those', async () => {
    const inviter = await verifiedUser();
    const id = await seedWorkspace(db(), inviter.id);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, index) => send(inviter, id, `burst-${index}@example.com`)),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(20);
    const refused = results.filter((result) => result.status !== 200);
    expect(refused.map((result) => result.status)).toEqual(Array(5).fill(429));
    expect(errorOf(refused[0]?.body ?? {})).toEqual(
      refusal('tooManyInvites', 'Too many invites were sent in a short time. Try again later.'),
    );
    const [mails] = await queryRows<{ count: number }>(
      db(),
      sql`select count(*)::int as count from pgboss.job where name = 'mail.send' and data->>'to' like 'burst-%'`,
    );
    expect(mails?.count).toBe(20);
  });

  it('counts an inviter over every workspace, revoked invites included, 100 a day', async () => {
    const inviter = await verifiedUser();
    const elsewhere = await seedWorkspace(db(), inviter.id);
    const id = await seedWorkspace(db(), inviter.id);
    await seedInvites(99, { subscriptionId: elsewhere, inviterId: inviter.id, age: '2 hours' });
    expect((await send(inviter, id, 'hundredth@example.com')).status).toBe(200);
    const refused = await send(inviter, id, 'one-more@example.com');
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body).details).toEqual({ messageKey: 'tooManyInvites' });

    await queryRows(
      db(),
      sql`update invite set created_at = now() - interval '25 hours' where inviter_id = ${inviter.id}`,
    );
    expect((await send(inviter, id, 'next-day@example.com')).status).toBe(200);
  });

  it('counts a workspace over all its admins, 20 an hour', async () => {
    const otherAdmin = await verifiedUser();
    const id = await seedWorkspace(db(), owner.id, [
      { userId: otherAdmin.id, permissions: ['access', 'admin'] },
    ]);
    await seedInvites(20, { subscriptionId: id, inviterId: otherAdmin.id, age: '30 minutes' });
    const refused = await send(owner, id, 'one-more@example.com');
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body).details).toEqual({ messageKey: 'tooManyInvites' });
  });

  it('keeps at most 100 pending invites in a workspace', async () => {
    const id = await seedWorkspace(db(), owner.id);
    await seedInvites(100, { subscriptionId: id, inviterId: owner.id, age: '3 days', status: 'pending' });
    const before = await snapshotDb(db());
    const refused = await send(owner, id, 'one-more@example.com');
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body)).toEqual(
      refusal(
        'tooManyPendingInvites',
        'This project has too many pending invites. Revoke some before inviting more.',
      ),
    );
    expect(await snapshotDb(db())).toEqual(before);

    await queryRows(
      db(),
      sql`update invite set status = 'revoked' where id = (select id from invite where subscription_id = ${id} limit 1)`,
    );
    expect((await send(owner, id, 'one-more@example.com')).status).toBe(200);
  });

  it('invites one address to one workspace at most three times a day', async () => {
    const id = await seedWorkspace(db(), owner.id);
    for (let round = 0; round < 3; round += 1) {
      const sent = await send(owner, id, 'pestered@example.com');
      expect(sent.status).toBe(200);
      const { inviteId } = sent.body.result as { inviteId: string };
      expect(
        (await callFunction(t.app, 'revokeInvite', { subscriptionId: id, inviteId }, owner)).status,
      ).toBe(200);
    }
    const refused = await send(owner, id, 'Pestered@Example.com');
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body)).toEqual(
      refusal('addressInvitedTooOften', 'This address has been invited too often today. Try again tomorrow.'),
    );
  });

  it('keeps the names the inviter chose out of the subject, and no link in the body but ours', async () => {
    const id = await seedWorkspace(db(), owner.id);
    await callFunction(
      t.app,
      'updateSubscriptionSettings',
      { subscriptionId: id, settings: { name: 'Claim a prize at https://evil.example' } },
      owner,
    );
    expect((await send(owner, id, 'target@example.com')).status).toBe(200);
    const [row] = await queryRows<{ data: QueuedMail }>(
      db(),
      sql`select data from pgboss.job where name = 'mail.send' and data->>'to' = 'target@example.com'`,
    );
    const mail = row?.data ?? { subject: '', text: '', html: '' };
    expect(mail.subject).toBe('You have been invited to a project on Billbridge');
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toMatch(/evil\.example/);
      expect(body).toContain('evil.\u200bexample/\u200blogin');
      expect(body).toContain('https:\u200b/\u200b/\u200bevil.\u200bexample');
    }
    expect(mail.html.match(/<a /g)).toHaveLength(1);
    expect(mail.html).toContain('<a href="http://localhost:3000/">');
  });
});
