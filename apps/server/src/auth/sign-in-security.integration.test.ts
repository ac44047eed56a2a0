import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import {
  authGet,
  authPost,
  cookiesOf,
  sessionUserOf,
  signIn,
  signUpFrom,
  testPassword,
} from '../testing/auth-requests.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { verificationMailKey } from './verification-mails.ts';

describe('sign-in security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: 'true' } });
  });
  afterAll(() => t.close());

  // Each test uses its own client address (trusted from loopback, like a proxy in front of us).
  let address = 0;
  const fromNewAddress = () => {
    address += 1;
    return { 'x-forwarded-for': `127.0.9.${address}` };
  };

  /** Signs up from an address of its own, so the sign-up limit of the shared test address is left alone. */
  const newUser = (email: string) => signUpFrom(t.app, email, fromNewAddress());

  it('answers a wrong password and an unknown user the same way', async () => {
    const headers = fromNewAddress();
    const user = await newUser('known@example.com');
    const wrongPassword = await authPost(
      t.app,
      '/sign-in/email',
      { email: user.email, password: 'not the password at all' },
      { headers },
    );
    const unknownUser = await authPost(
      t.app,
      '/sign-in/email',
      { email: 'nobody@example.com', password: 'not the password at all' },
      { headers },
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
  });

  it('answers the sixth rapid sign-in with 429, counting in the database', async () => {
    const headers = fromNewAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await authPost(
        t.app,
        '/sign-in/email',
        { email: 'nobody@example.com', password: 'wrong-password-1' },
        { headers },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    // The count is a row of `rate_limit`, shared by every server process on this database.
    const rows = await queryRows<{ key: string; count: number }>(
      t.context.database.db,
      sql`select key, count from rate_limit where key like ${'%127.0.9.' + address + '%sign-in%'}`,
    );
    expect(rows).toEqual([{ key: expect.stringContaining('/sign-in/email'), count: 5 }]);
    await queryRows(t.context.database.db, sql`delete from rate_limit where key = ${rows[0]?.key ?? ''}`);
    const afterReset = await authPost(
      t.app,
      '/sign-in/email',
      { email: 'nobody@example.com', password: 'wrong-password-1' },
      { headers },
    );
    expect(afterReset.statusCode).toBe(401);
  });

  it('keeps other addresses signing in while one is limited', async () => {
    const limited = fromNewAddress();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await authPost(
        t.app,
        '/sign-in/email',
        { email: 'nobody@example.com', password: 'wrong-password-1' },
        { headers: limited },
      );
    }
    const user = await newUser('elsewhere@example.com');
    const { response } = await signIn(t.app, user.email, testPassword, { headers: fromNewAddress() });
    expect(response.statusCode).toBe(200);
  });

  it('locks an e-mail address after ten failed sign-ins from any client addresses, for 15 minutes', async () => {
    const [user, control] = [await newUser('guessed@example.com'), await newUser('bystander@example.com')];
    const attempt = (email: string, password: string) =>
      authPost(t.app, '/sign-in/email', { email, password }, { headers: fromNewAddress() });
    const statuses: number[] = [];
    const firstFailureAt = Date.now();
    for (let failure = 0; failure < 10; failure += 1)
      statuses.push((await attempt(user.email.toUpperCase(), `wrong-password-${failure}`)).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));

    // Locked: the right password from yet another address too, so a lucky guess learns nothing.
    const locked = await attempt(user.email, testPassword);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'TOO_MANY_FAILED_SIGN_INS' });
    // Fifteen minutes from the first failure: whatever the ten attempts took (password hashing is
    // slow on a busy machine) has already run off the lock.
    const elapsed = Math.ceil((Date.now() - firstFailureAt) / 1000);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(900 - elapsed - 1);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect((await attempt(control.email, testPassword)).statusCode).toBe(200);

    // The count is a database row keyed by a hash, never the address itself; it stops one past the limit.
    const rows = await queryRows<{ email_hash: string; failures: number }>(
      t.context.database.db,
      sql`select email_hash, failures from sign_in_failure`,
    );
    expect(rows).toContainEqual({ email_hash: expect.stringMatching(/^[0-9a-f]{64}$/), failures: 11 });
    expect(JSON.stringify(rows)).not.toContain('guessed');

    // Fifteen minutes after the first failure the address may try again; a success clears the count.
    await queryRows(
      t.context.database.db,
      sql`update sign_in_failure set window_start = now() - interval '15 minutes 1 second' where failures = 11`,
    );
    expect((await attempt(user.email, testPassword)).statusCode).toBe(200);
    for (let failure = 0; failure < 9; failure += 1) await attempt(user.email, 'wrong-password-again');
    expect((await attempt(user.email, testPassword)).statusCode).toBe(200);
    for (let failure = 0; failure < 9; failure += 1) await attempt(user.email, 'wrong-password-again');
    expect((await attempt(user.email, testPassword)).statusCode).toBe(200);
  });

  it('checks at most ten passwords of a burst of concurrent sign-ins to one address', async () => {
    const user = await newUser('burst@example.com');
    const attempt = (password: string) =>
      authPost(t.app, '/sign-in/email', { email: user.email, password }, { headers: fromNewAddress() });
    const burst = await Promise.all(Array.from({ length: 40 }, (_, n) => attempt(`wrong-password-${n}`)));
    const statuses = burst.map((response) => response.statusCode).sort();
    // Each attempt past the tenth is refused before its password is checked; so is the right one after.
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(30).fill(429)]);
    expect((await attempt(testPassword)).statusCode).toBe(429);
  });

  /** The e-mails queued to an address whose subject matches, as the mail job will send them. */
  const mailsTo = async (email: string, subject: string) =>
    (
      await queryRows<{ count: number }>(
        t.context.database.db,
        sql`select count(*)::int as count from pgboss.job
            where name = 'mail.send' and data->>'to' = ${email} and data->>'subject' ilike ${`%${subject}%`}`,
      )
    )[0]?.count;

  /** Asks from a new client address each time; every request gets the same answer, mailed or not. */
  const askFromManyAddresses = async (path: string, email: string, times: number) => {
    for (let request = 0; request < times; request += 1) {
      const response = await authPost(t.app, path, { email }, { headers: fromNewAddress() });
      expect(response.statusCode).toBe(200);
    }
  };

  it('mails an account at most three reset links in 15 minutes, asked from any client addresses', async () => {
    const user = await newUser('flooded@example.com');
    await askFromManyAddresses('/request-password-reset', user.email, 5);
    expect(await mailsTo(user.email, 'password')).toBe(3);

    await queryRows(
      t.context.database.db,
      sql`update password_reset_mail set window_start = now() - interval '15 minutes 1 second'
          where user_id = ${user.id}`,
    );
    await askFromManyAddresses('/request-password-reset', user.email, 1);
    expect(await mailsTo(user.email, 'password')).toBe(4);
  });

  it('mails an account at most three verification links in 15 minutes, asked from any client addresses', async () => {
    const user = await newUser('verify-flooded@example.com');
    expect(await mailsTo(user.email, 'verify')).toBe(1);
    await askFromManyAddresses('/send-verification-email', user.email, 7);
    expect(await mailsTo(user.email, 'verify')).toBe(3);

    await queryRows(
      t.context.database.db,
      sql`update rate_limit set last_request = last_request - ${15 * 60 * 1000 + 1000}
          where key = ${verificationMailKey(user.id)}`,
    );
    await askFromManyAddresses('/send-verification-email', user.email, 1);
    expect(await mailsTo(user.email, 'verify')).toBe(4);
  });

  it('ignores a forwarded address from a peer that is not a trusted proxy', async () => {
    const untrusted = await createTestApp({ env: { AUTH_RATE_LIMIT: 'true', TRUST_PROXY: 'false' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await authPost(
          untrusted.app,
          '/sign-in/email',
          { email: 'x@example.com', password: 'wrong-password-1' },
          {
            headers: { 'x-forwarded-for': `198.51.100.${attempt}` },
          },
        );
        statuses.push(response.statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await untrusted.close();
    }
  });

  it('limits sign-ups, reset e-mails and verification e-mails per address', async () => {
    const signUps = fromNewAddress();
    const signUpStatuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await authPost(
        t.app,
        '/sign-up/email',
        { name: 'Many', email: `many${attempt}@example.com`, password: testPassword },
        { headers: signUps },
      );
      signUpStatuses.push(response.statusCode);
    }
    expect(signUpStatuses).toEqual([200, 200, 200, 200, 200, 429]);

    const resets = fromNewAddress();
    const resetStatuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await authPost(
        t.app,
        '/request-password-reset',
        { email: 'someone@example.com' },
        { headers: resets },
      );
      resetStatuses.push(response.statusCode);
    }
    expect(resetStatuses).toEqual([200, 200, 200, 429]);

    const verifications = fromNewAddress();
    const user = await newUser('verify-often@example.com');
    const verificationStatuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await authPost(
        t.app,
        '/send-verification-email',
        { email: user.email },
        { cookie: user.cookie, headers: verifications },
      );
      verificationStatuses.push(response.statusCode);
    }
    expect(verificationStatuses).toEqual([200, 200, 200, 429]);
  });

  it('rotates the session at sign-in: the token the browser held before stops working', async () => {
    const user = await newUser('rotate@example.com');
    const { cookie: first } = await signIn(t.app, user.email, testPassword, { headers: fromNewAddress() });
    const { cookie: second } = await signIn(t.app, user.email, testPassword, {
      cookie: first,
      headers: fromNewAddress(),
    });
    expect(second).not.toBe(first);
    expect(await sessionUserOf(t.app, second)).toMatchObject({ email: user.email });
    expect(await sessionUserOf(t.app, first)).toBeNull();
  });

  it('sets the session cookie HttpOnly and SameSite=Lax', async () => {
    const user = await newUser('cookie@example.com');
    const { response } = await signIn(t.app, user.email, testPassword, { headers: fromNewAddress() });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/better-auth\.session_token=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    // On http the names stay as they were: no prefix a browser would refuse without https.
    expect(cookiesOf(response)).toMatch(/^better-auth\.session_token=/);
    expect(setCookie).not.toMatch(/__Host-/);
  });

  it('hands the session token to no script: no answer body carries it', async () => {
    const user = await newUser('token@example.com');
    const { response, cookie } = await signIn(t.app, user.email, testPassword, { headers: fromNewAddress() });
    const tokens = await queryRows<{ token: string }>(
      t.context.database.db,
      sql`select token from session where user_id = ${user.id}`,
    );
    expect(tokens.length).toBe(2);
    const answers = [
      response,
      await authGet(t.app, '/get-session', { cookie }),
      await authGet(t.app, '/list-sessions', { cookie }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await sessionUserOf(t.app, cookie)).toMatchObject({ id: user.id });
    for (const answer of answers) {
      expect(answer.body).not.toMatch(/"token"/);
      for (const { token } of tokens) expect(answer.body).not.toContain(token);
    }
  });

  it('refuses state-changing auth requests from a foreign origin', async () => {
    const user = await newUser('origin@example.com');
    const foreign = { origin: 'https://evil.example' };
    const signInFromEvil = await authPost(
      t.app,
      '/sign-in/email',
      { email: user.email, password: testPassword },
      { headers: foreign },
    );
    expect(signInFromEvil.statusCode).toBe(403);
    const deleteFromEvil = await authPost(
      t.app,
      '/delete-user',
      {},
      { cookie: user.cookie, headers: foreign },
    );
    expect(deleteFromEvil.statusCode).toBe(403);
    expect(await sessionUserOf(t.app, user.cookie)).toMatchObject({ id: user.id });
  });

  it('lets reading endpoints through without an origin check', async () => {
    const response = await authGet(t.app, '/social-providers', {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('behind HTTPS', () => {
  const appUrl = 'https://billbridge.example.com';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: appUrl, UNSAFE_ALLOW_SANDBOX: 'true' } });
  });
  afterAll(() => t.close());

  /** Each Set-Cookie header of a response, whole. */
  const setCookiesOf = (response: { headers: Record<string, unknown> }) =>
    [response.headers['set-cookie']].flat().filter((header): header is string => typeof header === 'string');

  it('names every auth cookie __Host- (Secure, Path=/, no Domain), and that cookie signs in', async () => {
    const call = { headers: { origin: appUrl } };
    const email = 'secure@example.com';
    const signUp = await authPost(
      t.app,
      '/sign-up/email',
      { name: 'Sec Ure', email, password: testPassword },
      call,
    );
    expect(signUp.statusCode).toBe(200);
    const { response, cookie } = await signIn(t.app, email, testPassword, call);
    expect(response.statusCode).toBe(200);
    const headers = [...setCookiesOf(signUp), ...setCookiesOf(response)];
    expect(headers.length).toBeGreaterThan(0);
    for (const header of headers) {
      expect(header).toMatch(/^__Host-better-auth\./);
      expect(header).toMatch(/; Secure/i);
      expect(header).toMatch(/; Path=\/(;|$)/i);
      expect(header).not.toMatch(/; Domain=/i);
    }
    expect(cookie).toMatch(/^__Host-better-auth\.session_token=/);
    expect(headers.join('\n')).toMatch(/HttpOnly/i);
    expect(await sessionUserOf(t.app, cookie)).toMatchObject({ email });
    const signOut = await authPost(t.app, '/sign-out', {}, { ...call, cookie });
    expect(setCookiesOf(signOut).join('\n')).toMatch(/^__Host-better-auth\.session_token=;.*Max-Age=0/im);
    expect(await sessionUserOf(t.app, cookie)).toBeNull();
  });
});
