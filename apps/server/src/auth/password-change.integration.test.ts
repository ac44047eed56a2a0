import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { session } from '../db/schema.ts';
import { authPost, cookiesOf, sessionUserOf, signIn, testPassword } from '../testing/auth-requests.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { signUpUser, type TestUser } from '../testing/users.ts';

describe('password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const makeStale = (user: TestUser) =>
    t.context.database.db
      .update(session)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(session.userId, user.id));

  it('refuses the old session cookie after a password change and hands this browser a new one', async () => {
    const user = await signUpUser(t.app, { email: 'change@example.com' });
    const { cookie: otherDevice } = await signIn(t.app, user.email);
    const { cookie: thisBrowser } = await signIn(t.app, user.email);

    const response = await authPost(
      t.app,
      '/update-password',
      { newPassword: 'a brand new passphrase' },
      { cookie: thisBrowser },
    );
    expect(response.statusCode).toBe(200);
    const renewed = cookiesOf(response);

    expect(await sessionUserOf(t.app, thisBrowser)).toBeNull();
    expect(await sessionUserOf(t.app, otherDevice)).toBeNull();
    expect(await sessionUserOf(t.app, user.cookie)).toBeNull();
    expect(await sessionUserOf(t.app, renewed)).toMatchObject({ id: user.id });

    expect((await signIn(t.app, user.email, testPassword)).response.statusCode).toBe(401);
    expect((await signIn(t.app, user.email, 'a brand new passphrase')).response.statusCode).toBe(200);
  });

  it('demands a recent sign-in', async () => {
    const user = await signUpUser(t.app, { email: 'stale@example.com' });
    await makeStale(user);
    const response = await authPost(
      t.app,
      '/update-password',
      { newPassword: 'a brand new passphrase' },
      { cookie: user.cookie },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'SESSION_NOT_FRESH',
      message: 'Please sign in again before retry',
    });
    expect((await signIn(t.app, user.email, testPassword)).response.statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const response = await authPost(t.app, '/update-password', { newPassword: 'a brand new passphrase' });
    expect(response.statusCode).toBe(401);
  });

  it('applies the password policy with its own message', async () => {
    const user = await signUpUser(t.app, { email: 'policy@example.com' });
    const short = await authPost(
      t.app,
      '/update-password',
      { newPassword: 'abc1234' },
      { cookie: user.cookie },
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password must be at least 8 characters.',
      minLength: 8,
    });
    const common = await authPost(
      t.app,
      '/update-password',
      { newPassword: 'Password1' },
      { cookie: user.cookie },
    );
    expect(common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    expect(await sessionUserOf(t.app, user.cookie)).toMatchObject({ id: user.id });
  });

  it('applies the same policy at sign-up', async () => {
    const common = await authPost(t.app, '/sign-up/email', {
      name: 'C',
      email: 'common@example.com',
      password: 'iloveyou',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      message: 'This password is too common. Choose one that is harder to guess.',
    });
    const short = await authPost(t.app, '/sign-up/email', {
      name: 'S',
      email: 'short@example.com',
      password: 'abc1234',
    });
    expect(short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
  });

  it('follows a configured stricter policy', async () => {
    const strict = await createTestApp({
      env: { PASSWORD_MIN_LENGTH: '12', PASSWORD_REQUIRE: 'uppercase,symbol' },
    });
    try {
      const short = await authPost(strict.app, '/sign-up/email', {
        name: 'S',
        email: 's@example.com',
        password: 'elevenchars',
      });
      expect(short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT', minLength: 12 });
      const noUpper = await authPost(strict.app, '/sign-up/email', {
        name: 'S',
        email: 's@example.com',
        password: 'twelve-chars-long',
      });
      expect(noUpper.json()).toMatchObject({ code: 'PASSWORD_NEEDS_UPPERCASE' });
      const good = await authPost(strict.app, '/sign-up/email', {
        name: 'S',
        email: 's@example.com',
        password: 'Twelve-chars-long',
      });
      expect(good.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('stores passwords with scrypt, never in clear', async () => {
    const user = await signUpUser(t.app, { email: 'hash@example.com' });
    const [row] = await queryRows<{ password: string }>(
      t.context.database.db,
      sql`select password from account where user_id = ${user.id} and provider_id = 'credential'`,
    );
    expect(row?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]+$/);
    expect(row?.password).not.toContain(testPassword);
  });
});
