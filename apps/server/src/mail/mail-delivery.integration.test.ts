import { createServer, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { startWorker } from '../main/start-worker.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { callFunction, signUpUser, verifyEmail, type TestUser } from '../testing/users.ts';
import { waitFor } from '../testing/wait.ts';
import { seedWorkspace } from '../testing/workspaces.ts';

const invite = async (t: TestApp, owner: TestUser, email: string) => {
  const subscriptionId = await seedWorkspace(t.context.database.db, owner.id);
  const { status } = await callFunction(
    t.app,
    'createInvite',
    { subscriptionId, email, permissions: ['admin'] },
    owner,
  );
  expect(status).toBe(200);
};

describe('invite e-mails over SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let stopWorker: () => void;
  let owner: TestUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Billbridge Test <invites@billbridge.test>' },
    });
    stopWorker = await startWorker(t.context);
    owner = await signUpUser(t.app, { name: 'Ines Inviter' });
    await verifyEmail(t.context.database.db, owner);
  });
  afterAll(async () => {
    stopWorker();
    await t.close();
    await smtp.close();
  });

  it('reach the invitee through a real SMTP server with a link to the app’s home', async () => {
    await invite(t, owner, 'Guest.One@Example.com');
    const mail = await waitFor(
      () => smtp.received.find((m) => m.envelopeTo.includes('guest.one@example.com')),
      {
        what: 'the invite e-mail',
      },
    );
    expect(smtp.logins).toContain('billbridge');
    expect(mail.envelopeFrom).toBe('invites@billbridge.test');
    expect(mail.headers.from).toBe('Billbridge Test <invites@billbridge.test>');
    expect(mail.headers.to).toBe('guest.one@example.com');
    expect(mail.subject).toBe('You have been invited to a project on Billbridge');
    expect(mail.text.split(/\r?\n/)).toContain('http://localhost:3000/');
    expect(mail.html).toContain('<a href="http://localhost:3000/">Open Billbridge</a>');
  });

  it('leave nothing in the dev mailbox', async () => {
    await invite(t, owner, 'guest.two@example.com');
    await waitFor(() => smtp.received.find((m) => m.envelopeTo.includes('guest.two@example.com')));
    const rows = await queryRows<{ count: number }>(
      t.context.database.db,
      sql`select count(*)::int as count from dev_mail`,
    );
    expect(rows[0]?.count).toBe(0);
  });
});

describe('an invite e-mail the SMTP server cannot take', () => {
  let t: TestApp;
  let stopWorker: () => void;

  beforeAll(async () => {
    // A port that was free a moment ago: connections to it are refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    stopWorker = await startWorker(t.context);
  });
  afterAll(async () => {
    stopWorker();
    await t.close();
  });

  it('does not fail the invite and stays queued for a retry', async () => {
    const owner = await signUpUser(t.app, { name: 'Patty Patient' });
    await verifyEmail(t.context.database.db, owner);
    await invite(t, owner, 'later@example.com');
    const job = await waitFor(
      async () =>
        (
          await queryRows<{ state: string }>(
            t.context.database.db,
            sql`select state from pgboss.job where name = 'mail.send' and data->>'to' = 'later@example.com'`,
          )
        ).find((row) => row.state === 'retry'),
      { what: 'the e-mail job to wait for a retry' },
    );
    expect(job.state).toBe('retry');
  });
});

describe('the dev mailbox', () => {
  let t: TestApp;
  let stopWorker: () => void;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    stopWorker = await startWorker(t.context);
    owner = await signUpUser(t.app, { name: 'Dev Owner' });
    await verifyEmail(t.context.database.db, owner);
  });
  afterAll(async () => {
    stopWorker();
    await t.close();
  });

  type Listed = {
    messages: { to: string; subject: string; text: string; html: string | null; created_at: string }[];
  };
  const mailbox = async (query = '') => {
    const response = await t.app.inject(`/api/dev/mailbox${query}`);
    expect(response.statusCode).toBe(200);
    return response.json() as Listed;
  };

  it('keeps the invite e-mail for a newcomer to read at /api/dev/mailbox', async () => {
    await invite(t, owner, 'newcomer@example.com');
    const listed = await waitFor(async () => {
      const { messages } = await mailbox();
      return messages.find((message) => message.to === 'newcomer@example.com');
    });
    expect(listed.subject).toBe('You have been invited to a project on Billbridge');
    expect(listed.text).toContain('http://localhost:3000/');
    expect(listed.html).toContain('href="http://localhost:3000/"');
    expect(Number.isNaN(Date.parse(listed.created_at))).toBe(false);
  });

  it('lists the messages of one recipient, newest first', async () => {
    await invite(t, owner, 'twice@example.com');
    await waitFor(async () => (await mailbox('?to=twice@example.com')).messages.length === 1);
    await invite(t, owner, 'twice@example.com');
    const { messages } = await waitFor(async () => {
      const listed = await mailbox('?to=TWICE@example.com');
      return listed.messages.length === 2 && listed;
    });
    expect(messages.every((message) => message.to === 'twice@example.com')).toBe(true);
    expect(Date.parse(messages[0]?.created_at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(messages[1]?.created_at ?? ''),
    );
  });
});
