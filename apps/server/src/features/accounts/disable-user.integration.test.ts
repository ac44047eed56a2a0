import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerHttpApp } from '../../main/http-app.ts';
import { createLogger } from '../../logger.ts';
import { bootstrap, databaseTargetOf } from '../../main/bootstrap.ts';
import { authPost, signIn, testPassword } from '../../testing/auth-requests.ts';
import { createMailTestApp, mailsTo, type MailTestApp } from '../../testing/mail-delivery.ts';
import { createPostgresDatabase, testConfig, testEngine } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';
import { setUserDisabled } from './disabled-users.ts';

describe('disabling an account', () => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await createMailTestApp();
  });
  afterAll(() => t.close());

  it('ends its sessions at once and refuses its sign-in with the user-disabled code', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const workspaceId = await seedWorkspace(t.context.database.db, owner.id, [
      { userId: member.id, permissions: ['access'] },
    ]);
    expect((await callFunction(t.app, 'getProfile', {}, owner)).status).toBe(200);

    expect(await setUserDisabled(t.context.database.db, owner.email.toUpperCase(), true)).toEqual({
      outcome: 'changed',
      sessionsEnded: 1,
    });

    const afterwards = await callFunction(t.app, 'getProfile', {}, owner);
    expect(afterwards.status).toBe(401);
    expect(errorOf(afterwards.body).status).toBe('UNAUTHENTICATED');
    const refused = await signIn(t.app, owner.email);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json()).toMatchObject({ code: 'USER_DISABLED' });
    expect(refused.cookie).not.toMatch(/session_token=/);
    // A wrong password gets the same answer, so the refusal tells a guesser nothing.
    const wrongPassword = await signIn(t.app, owner.email, 'not the password at all');
    expect(wrongPassword.response.statusCode).toBe(403);
    expect(wrongPassword.response.json()).toEqual(refused.response.json());

    // What the account owns keeps working for its members.
    const shared = await callFunction(t.app, 'getSubscription', { subscriptionId: workspaceId }, member);
    expect(shared.status).toBe(200);

    expect(await setUserDisabled(t.context.database.db, owner.email, true)).toEqual({ outcome: 'unchanged' });
    expect(await setUserDisabled(t.context.database.db, owner.email, false)).toEqual({
      outcome: 'changed',
      sessionsEnded: 0,
    });
    expect((await signIn(t.app, owner.email)).response.statusCode).toBe(200);
  });

  it('sends a disabled account no password-reset link', async () => {
    const [user, control] = [await signUpUser(t.app), await signUpUser(t.app)];
    await setUserDisabled(t.context.database.db, user.email, true);
    for (const { email } of [user, control]) {
      const response = await authPost(t.app, '/request-password-reset', { email });
      expect(response.statusCode).toBe(200);
    }
    // The control's link arrives; the disabled account's, queued first if at all, never does.
    await waitFor(() => mailsTo(t.smtp, control.email).find((mail) => /password/i.test(mail.subject)), {
      what: 'the control reset mail',
    });
    expect(mailsTo(t.smtp, user.email).filter((mail) => /password/i.test(mail.subject))).toEqual([]);
  });

  it('answers an unknown address with not-found', async () => {
    expect(await setUserDisabled(t.context.database.db, 'nobody@example.com', true)).toEqual({
      outcome: 'not-found',
    });
  });
});

const adminScript = fileURLToPath(new URL('../../main/admin.ts', import.meta.url));
const runAdmin = async (args: string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', adminScript, ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe(`npm run admin on ${testEngine()}`, () => {
  it('disables and enables an account by e-mail, with the server configuration', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bb-admin-'));
    const postgres = testEngine() === 'postgres' ? await createPostgresDatabase() : undefined;
    const env: Record<string, string> = postgres
      ? {
          DATABASE_URL: postgres.url,
          SANDBOX: 'false',
          SMTP_URL: 'smtp://127.0.0.1:2525',
          SOCIAL_PROVIDERS: 'none',
          SECRET: randomBytes(48).toString('base64'),
          DATA_DIR: dataDir,
        }
      : { DATABASE_URL: '', DATA_DIR: dataDir };
    const config = testConfig(env);
    const open = async () => {
      const running = await bootstrap(config, createLogger(config), databaseTargetOf(config));
      const app = await buildServerHttpApp(running.context, { webDist: path.join(dataDir, 'no-web') });
      return { app, close: async () => (await app.close(), await running.close()) };
    };
    try {
      let server = await open();
      const user = await signUpUser(server.app);
      if (!postgres) {
        // The embedded database is one process's: the command says to stop the server first.
        const busy = await runAdmin(['disable-user', user.email], env);
        expect(busy.code).toBe(1);
        expect(busy.stderr).toMatch(/in use by another Billbridge process/);
        await server.close();
      }
      const disabled = await runAdmin(['disable-user', user.email], env);
      expect(disabled).toMatchObject({ code: 0, stdout: `${user.email} is disabled; 1 session(s) ended.\n` });
      if (!postgres) server = await open();
      expect((await callFunction(server.app, 'getProfile', {}, user)).status).toBe(401);
      expect((await signIn(server.app, user.email, testPassword)).response.statusCode).toBe(403);

      if (!postgres) await server.close();
      expect(await runAdmin(['enable-user', user.email], env)).toMatchObject({ code: 0 });
      expect(await runAdmin(['enable-user', 'nobody@example.com'], env)).toMatchObject({
        code: 1,
        stderr: 'No account has the e-mail nobody@example.com.\n',
      });
      expect((await runAdmin(['disable-user'], env)).code).toBe(2);
      if (!postgres) server = await open();
      expect((await signIn(server.app, user.email, testPassword)).response.statusCode).toBe(200);
      await server.close();
    } finally {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
    // Up to six starts of the admin command, each opening the database: 51 s with test files side by
    // side on two cores, so 60 s was no margin.
  }, 180_000);
});
