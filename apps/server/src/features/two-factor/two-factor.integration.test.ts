import { eq, sql } from 'drizzle-orm';
import { TOTP, URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../db/schema.ts';
import {
  authPost,
  cookiesOf,
  sessionUserOf,
  signIn,
  signUpFrom,
  testPassword,
} from '../../testing/auth-requests.ts';
import { createMailTestApp, waitForMail, type MailTestApp } from '../../testing/mail-delivery.ts';
import { callFunction, errorOf, type TestUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';
import { resetTwoFactor } from './reset-two-factor.ts';

describe('two-factor sign-in', () => {
  let t: MailTestApp;
  beforeAll(async () => {
    // The rate limits on: the per-account counter is part of what is tested.
    t = await createMailTestApp({ AUTH_RATE_LIMIT: 'true' });
  });
  afterAll(() => t.close());

  let address = 0;
  /** A client address per request series, so the per-address limits stay out of the way. */
  const fromNewAddress = () => ({ 'x-forwarded-for': `127.0.36.${(address += 1)}` });

  /** Signs up from an address of its own, so the sign-up limit of the shared test address is left alone. */
  const newUser = (): Promise<TestUser> =>
    signUpFrom(t.app, `two-factor-${(address += 1)}@example.com`, fromNewAddress());

  /** A user with two-factor on: the authenticator and the recovery codes they were shown. */
  type Enrolled = TestUser & { totp: TOTP; recoveryCodes: string[] };

  const enrol = async (user: TestUser): Promise<Enrolled> => {
    const headers = fromNewAddress();
    const enabled = await authPost(
      t.app,
      '/two-factor/enable',
      { password: testPassword },
      { cookie: user.cookie, headers },
    );
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    const totp = URI.parse(totpURI) as TOTP;
    const verified = await authPost(
      t.app,
      '/two-factor/verify-totp',
      { code: totp.generate() },
      { cookie: user.cookie, headers },
    );
    expect(verified.statusCode).toBe(200);
    return { ...user, cookie: cookiesOf(verified), totp, recoveryCodes: backupCodes };
  };

  /** Password first: answers the challenge cookie the code step needs. */
  const startSignIn = async (email: string, headers = fromNewAddress()) => {
    const { response, cookie } = await signIn(t.app, email, testPassword, { headers });
    expect(response.statusCode).toBe(200);
    return { challenge: cookie, body: response.json() as Record<string, unknown>, headers };
  };

  it('enrols with an authenticator app and ten recovery codes, and mails the user', async () => {
    const user = await enrol(await newUser());
    expect(user.recoveryCodes).toHaveLength(10);
    expect(user.totp.issuer).toBe('Billbridge');
    expect(user.totp.label).toBe(user.email);
    expect(await sessionUserOf(t.app, user.cookie)).toMatchObject({ twoFactorEnabled: true });
    const mail = await waitForMail(
      t.smtp,
      user.email,
      'Two-factor sign-in is on for your Billbridge account',
    );
    expect(mail.text).toContain('/profile');
  });

  it('asks for the code after the password, and signs in with it', async () => {
    const user = await enrol(await newUser());
    const { challenge, body, headers } = await startSignIn(user.email);
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(await sessionUserOf(t.app, challenge)).toBeNull();

    const wrong = await authPost(
      t.app,
      '/two-factor/verify-totp',
      { code: '000000' },
      { cookie: challenge, headers },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE' });

    const right = await authPost(
      t.app,
      '/two-factor/verify-totp',
      { code: user.totp.generate() },
      { cookie: challenge, headers },
    );
    expect(right.statusCode).toBe(200);
    expect(right.json()).not.toHaveProperty('token');
    expect(await sessionUserOf(t.app, cookiesOf(right))).toMatchObject({ id: user.id });
  });

  it('takes a recovery code once', async () => {
    const user = await enrol(await newUser());
    const [code] = user.recoveryCodes;
    const first = await startSignIn(user.email);
    const used = await authPost(
      t.app,
      '/two-factor/verify-backup-code',
      { code },
      { cookie: first.challenge, headers: first.headers },
    );
    expect(used.statusCode).toBe(200);
    expect(await sessionUserOf(t.app, cookiesOf(used))).toMatchObject({ id: user.id });

    const second = await startSignIn(user.email);
    const again = await authPost(
      t.app,
      '/two-factor/verify-backup-code',
      { code },
      { cookie: second.challenge, headers: second.headers },
    );
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'INVALID_BACKUP_CODE' });
  });

  it('counts code guesses against the account, from any address, and then refuses even the right ones', async () => {
    const user = await enrol(await newUser());
    const statuses: number[] = [];
    let last = await startSignIn(user.email);
    // A new challenge and address for each guess: neither resets the account's count.
    for (let guess = 0; guess < 10; guess += 1) {
      last = await startSignIn(user.email);
      const answer = await authPost(
        t.app,
        '/two-factor/verify-totp',
        { code: '000000' },
        { cookie: last.challenge, headers: last.headers },
      );
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const rightCode = await authPost(
      t.app,
      '/two-factor/verify-totp',
      { code: user.totp.generate() },
      { cookie: last.challenge, headers: fromNewAddress() },
    );
    expect(rightCode.statusCode).toBe(429);
    expect(rightCode.json()).toMatchObject({ code: 'TOO_MANY_FAILED_SIGN_INS' });
    const password = await signIn(t.app, user.email, testPassword, { headers: fromNewAddress() });
    expect(password.response.statusCode).toBe(429);
  });

  it('lets a trusted device skip the code, and only that device', async () => {
    const user = await enrol(await newUser());
    const { challenge, headers } = await startSignIn(user.email);
    const trusted = await authPost(
      t.app,
      '/two-factor/verify-totp',
      { code: user.totp.generate(), trustDevice: true },
      { cookie: challenge, headers },
    );
    expect(trusted.statusCode).toBe(200);
    const trustCookie = /better-auth\.trust_device=[^;]+/.exec(String(trusted.headers['set-cookie']))?.[0];
    expect(trusted.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(/trust_device=.*Max-Age=2592000/)]),
    );
    const again = await signIn(t.app, user.email, testPassword, {
      cookie: trustCookie,
      headers: fromNewAddress(),
    });
    expect(again.response.json()).toMatchObject({ user: { id: user.id } });
    expect(await sessionUserOf(t.app, again.cookie)).toMatchObject({ id: user.id });

    const elsewhere = await startSignIn(user.email);
    expect(elsewhere.body).toMatchObject({ twoFactorRedirect: true });
  });

  it('turns off and regenerates only with the password, on a recent sign-in', async () => {
    const user = await enrol(await newUser());
    const headers = fromNewAddress();
    const wrongPassword = await authPost(
      t.app,
      '/two-factor/generate-backup-codes',
      { password: 'not the password' },
      { cookie: user.cookie, headers },
    );
    expect(wrongPassword.statusCode).toBe(400);
    const regenerated = await authPost(
      t.app,
      '/two-factor/generate-backup-codes',
      { password: testPassword },
      { cookie: user.cookie, headers },
    );
    expect(regenerated.statusCode).toBe(200);
    expect((regenerated.json() as { backupCodes: string[] }).backupCodes).toHaveLength(10);

    await t.context.database.db
      .update(session)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(session.userId, user.id));
    const stale = await authPost(
      t.app,
      '/two-factor/disable',
      { password: testPassword },
      { cookie: user.cookie, headers },
    );
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'SESSION_NOT_FRESH' });
    expect(await sessionUserOf(t.app, user.cookie)).toMatchObject({ twoFactorEnabled: true });

    const { challenge } = await startSignIn(user.email, headers);
    const fresh = cookiesOf(
      await authPost(
        t.app,
        '/two-factor/verify-totp',
        { code: user.totp.generate() },
        { cookie: challenge, headers },
      ),
    );
    const off = await authPost(
      t.app,
      '/two-factor/disable',
      { password: testPassword },
      { cookie: fresh, headers },
    );
    expect(off.statusCode).toBe(200);
    expect(await sessionUserOf(t.app, cookiesOf(off))).toMatchObject({ twoFactorEnabled: false });
    await waitForMail(t.smtp, user.email, 'Two-factor sign-in is off for your Billbridge account');
    expect((await startSignIn(user.email)).body).toMatchObject({ user: { id: user.id } });
  });

  it('keeps the user’s own security events: on, a wrong code, a sign-in with the code, the operator’s reset', async () => {
    const user = await enrol(await newUser());
    const { challenge, headers } = await startSignIn(user.email);
    const code = (value: string) =>
      authPost(t.app, '/two-factor/verify-totp', { code: value }, { cookie: challenge, headers });
    expect((await code('000000')).statusCode).toBe(401);
    const signedIn = await code(user.totp.generate());
    expect(signedIn.statusCode).toBe(200);
    await resetTwoFactor(t.context.database.db, t.context.queue, {
      email: user.email,
      appUrl: 'http://localhost:3000',
    });

    const mine = await callFunction(t.app, 'listMySecurityEvents', {}, { cookie: cookiesOf(signedIn) });
    const { events } = mine.body.result as {
      events: { kind: string; actor: { type: string }; ip: string | null }[];
    };
    expect(events.map((event) => [event.kind, event.actor.type])).toEqual([
      ['security.two_factor_reset', 'operator'],
      ['security.signed_in', 'user'],
      ['security.sign_in_failed', 'user'],
      ['security.two_factor_enabled', 'user'],
    ]);
    expect(events[1]?.ip).toBe(headers['x-forwarded-for']);
  });

  it('is reset by the operator for a user who lost device and codes, who is told by e-mail', async () => {
    const user = await enrol(await newUser());
    const reset = () =>
      resetTwoFactor(t.context.database.db, t.context.queue, {
        email: user.email.toUpperCase(),
        appUrl: 'http://localhost:3000',
      });
    expect(await reset()).toEqual({ outcome: 'reset' });
    expect(await reset()).toEqual({ outcome: 'unchanged' });
    expect(
      await resetTwoFactor(t.context.database.db, t.context.queue, {
        email: 'nobody@example.com',
        appUrl: 'http://localhost:3000',
      }),
    ).toEqual({ outcome: 'not-found' });
    expect((await startSignIn(user.email)).body).toMatchObject({ user: { id: user.id } });
    const mail = await waitForMail(
      t.smtp,
      user.email,
      'Two-factor sign-in was reset for your Billbridge account',
    );
    expect(mail.text).toContain('/two-factor');
  });

  describe('a workspace that requires it', () => {
    it('locks out a member without two-factor until they enrol, and only that workspace', async () => {
      const owner = await enrol(await newUser());
      const member = await newUser();
      const db = t.context.database.db;
      const strict = await seedWorkspace(db, owner.id, [{ userId: member.id, permissions: ['access'] }]);
      const relaxed = await seedWorkspace(db, owner.id, [{ userId: member.id, permissions: ['access'] }]);

      const on = await callFunction(
        t.app,
        'updateTwoFactorRequirement',
        { subscriptionId: strict, require_two_factor: true },
        owner,
      );
      expect(on).toMatchObject({ status: 200, body: { result: { settings: { require_two_factor: true } } } });

      const locked = await callFunction(t.app, 'getUsage', { subscriptionId: strict }, member);
      expect(locked.status).toBe(400);
      expect(errorOf(locked.body)).toMatchObject({ details: { messageKey: 'twoFactorRequired' } });
      // The workspace itself still loads, so the browser can show it as locked.
      const shown = await callFunction(t.app, 'getSubscription', { subscriptionId: strict }, member);
      expect(shown).toMatchObject({
        status: 200,
        body: { result: { settings: { require_two_factor: true } } },
      });
      expect((await callFunction(t.app, 'getUsage', { subscriptionId: relaxed }, member)).status).toBe(200);
      expect((await callFunction(t.app, 'getUsage', { subscriptionId: strict }, owner)).status).toBe(200);

      const enrolled = await enrol(member);
      expect((await callFunction(t.app, 'getUsage', { subscriptionId: strict }, enrolled)).status).toBe(200);
    });

    it('is the owner’s to set, and needs the owner’s own two-factor first', async () => {
      const owner = await newUser();
      const admin = await enrol(await newUser());
      const db = t.context.database.db;
      const workspace = await seedWorkspace(db, owner.id, [
        { userId: admin.id, permissions: ['access', 'admin'] },
      ]);
      const input = { subscriptionId: workspace, require_two_factor: true };

      const byAdmin = await callFunction(t.app, 'updateTwoFactorRequirement', input, admin);
      expect(byAdmin.status).toBe(403);
      const first = await callFunction(t.app, 'updateTwoFactorRequirement', input, owner);
      expect(first.status).toBe(400);
      expect(errorOf(first.body)).toMatchObject({ details: { messageKey: 'ownerTwoFactorFirst' } });
      // Not through the general settings either.
      const sneaked = await callFunction(
        t.app,
        'updateSubscriptionSettings',
        { subscriptionId: workspace, settings: { require_two_factor: true } },
        admin,
      );
      expect(sneaked.status).toBe(400);
      const shown = await callFunction(t.app, 'getSubscription', { subscriptionId: workspace }, owner);
      expect(shown.body).not.toHaveProperty('result.settings.require_two_factor');

      const enrolledOwner = await enrol(owner);
      expect((await callFunction(t.app, 'updateTwoFactorRequirement', input, enrolledOwner)).status).toBe(
        200,
      );
      const off = await callFunction(
        t.app,
        'updateTwoFactorRequirement',
        { subscriptionId: workspace, require_two_factor: false },
        enrolledOwner,
      );
      expect(off).toMatchObject({
        status: 200,
        body: { result: { settings: { require_two_factor: false } } },
      });
    });

    it('refuses bad input and changes nothing', async () => {
      const owner = await enrol(await newUser());
      const workspace = await seedWorkspace(t.context.database.db, owner.id);
      const bad = await callFunction(
        t.app,
        'updateTwoFactorRequirement',
        { subscriptionId: workspace, require_two_factor: 'yes' },
        owner,
      );
      expect(bad.status).toBe(400);
      expect(errorOf(bad.body).message).toContain('require_two_factor');
      const shown = await callFunction(t.app, 'getSubscription', { subscriptionId: workspace }, owner);
      expect(shown.body).not.toHaveProperty('result.settings.require_two_factor');
    });
  });
});
