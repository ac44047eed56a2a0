import { eq, sql } from 'drizzle-orm';
import { signJWT } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user as authUser, userProfile } from '../db/schema.ts';
import {
  authGet,
  authPost,
  cookiesOf,
  sessionUserOf,
  signIn,
  testPassword,
} from '../testing/auth-requests.ts';
import {
  actionLinkOf,
  createMailTestApp,
  mailsTo,
  waitForMail,
  type MailTestApp,
} from '../testing/mail-delivery.ts';
import { testSecret } from '../testing/test-app.ts';
import { sealActionCode } from './action-code.ts';

describe('account e-mails over SMTP', () => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await createMailTestApp();
  });
  afterAll(() => t.close());

  const signUp = async (email: string, headers: Record<string, string> = {}) => {
    const response = await authPost(
      t.app,
      '/sign-up/email',
      { name: 'Mia Mail', email, password: testPassword },
      { headers },
    );
    expect(response.statusCode).toBe(200);
    return { id: (response.json() as { user: { id: string } }).user.id, email, cookie: cookiesOf(response) };
  };
  const checkCode = (mode: string, oobCode: string) =>
    authPost(t.app, '/check-action-code', { mode, oobCode });
  const verifyEmail = (oobCode: string, cookie?: string) =>
    authGet(t.app, `/verify-email?token=${encodeURIComponent(oobCode)}`, { cookie });
  const verified = async (userId: string) =>
    (await t.context.database.db.select().from(authUser).where(eq(authUser.id, userId)))[0]?.emailVerified;

  describe('e-mail verification', () => {
    it('sends a verification e-mail at sign-up whose link verifies the address once', async () => {
      const user = await signUp('verify@example.com');
      const mail = await waitForMail(t.smtp, user.email);
      expect(mail.subject).toBe('Verify your email for Billbridge');
      expect(mail.headers.from).toContain('no-reply@localhost');
      const link = actionLinkOf(mail);
      expect(link.url.origin + link.url.pathname).toBe('http://localhost:3000/auth/action');
      expect(link.mode).toBe('verifyEmail');

      expect((await checkCode('verifyEmail', link.oobCode)).json()).toEqual({ email: user.email });
      const applied = await verifyEmail(link.oobCode);
      expect(applied.statusCode).toBe(200);
      expect(await verified(user.id)).toBe(true);

      const again = await verifyEmail(link.oobCode);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'INVALID_ACTION_CODE' });
      expect((await checkCode('verifyEmail', link.oobCode)).json()).toMatchObject({
        code: 'INVALID_ACTION_CODE',
      });
    });

    it('writes the e-mail in the language the request came in and saves it on the profile', async () => {
      const user = await signUp('zhong@example.com', { 'accept-language': 'zh-CN,zh;q=0.9' });
      const mail = await waitForMail(t.smtp, user.email);
      expect(mail.subject).toBe('验证您的 Billbridge 邮箱');
      expect(mail.text).toContain('请打开以下链接验证您的邮箱地址');
      const [profile] = await t.context.database.db
        .select()
        .from(userProfile)
        .where(eq(userProfile.userId, user.id));
      expect(profile?.language).toBe('zh');
    });

    it('resends a verification e-mail on request', async () => {
      const user = await signUp('resend@example.com');
      await waitForMail(t.smtp, user.email);
      const response = await authPost(
        t.app,
        '/send-verification-email',
        { email: user.email },
        { cookie: user.cookie },
      );
      expect(response.statusCode).toBe(200);
      const second = await waitForMail(t.smtp, user.email, 'Verify your email for Billbridge', 2);
      expect(actionLinkOf(second).mode).toBe('verifyEmail');
    });

    it('refuses an expired verification link as expired', async () => {
      const user = await signUp('late@example.com');
      const expired = await signJWT({ email: user.email, userId: user.id }, testSecret, -60);
      expect((await checkCode('verifyEmail', expired)).json()).toMatchObject({ code: 'EXPIRED_ACTION_CODE' });
      const applied = await verifyEmail(expired);
      expect(applied.statusCode).toBe(401);
      expect(applied.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
      expect(await verified(user.id)).toBe(false);
    });

    it('refuses a forged link', async () => {
      const forged = await signJWT(
        { email: 'verify@example.com' },
        'another-secret-another-secret-another',
        3600,
      );
      expect((await checkCode('verifyEmail', forged)).json()).toMatchObject({ code: 'INVALID_ACTION_CODE' });
      expect((await verifyEmail(forged)).statusCode).toBe(401);
    });
  });

  describe('password reset', () => {
    it('answers the same whether or not the address exists, and mails only a real account', async () => {
      const user = await signUp('forgot@example.com');
      const known = await authPost(t.app, '/request-password-reset', { email: user.email });
      const unknown = await authPost(t.app, '/request-password-reset', { email: 'ghost@example.com' });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      const mail = await waitForMail(t.smtp, user.email, 'Reset your Billbridge password');
      expect(mail.text).toContain('/auth/action?mode=resetPassword&oobCode=');
      expect(mailsTo(t.smtp, 'ghost@example.com')).toEqual([]);
    });

    it('resets the password through the link once, signing every session out', async () => {
      const user = await signUp('reset@example.com');
      await authPost(t.app, '/request-password-reset', { email: user.email });
      const link = actionLinkOf(await waitForMail(t.smtp, user.email, 'Reset your Billbridge password'));
      expect(link.mode).toBe('resetPassword');
      expect((await checkCode('resetPassword', link.oobCode)).json()).toEqual({ email: user.email });

      const weak = await authPost(t.app, '/reset-password', { token: link.oobCode, newPassword: 'short1' });
      expect(weak.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });

      const reset = await authPost(t.app, '/reset-password', {
        token: link.oobCode,
        newPassword: 'my new secret words',
      });
      expect(reset.statusCode).toBe(200);
      expect(await sessionUserOf(t.app, user.cookie)).toBeNull();
      expect((await signIn(t.app, user.email, testPassword)).response.statusCode).toBe(401);
      expect((await signIn(t.app, user.email, 'my new secret words')).response.statusCode).toBe(200);

      const reused = await authPost(t.app, '/reset-password', {
        token: link.oobCode,
        newPassword: 'another new secret',
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({ code: 'INVALID_TOKEN' });
      expect((await checkCode('resetPassword', link.oobCode)).json()).toMatchObject({
        code: 'INVALID_ACTION_CODE',
      });
    });

    it('refuses an expired reset link as expired, even after its row is gone', async () => {
      const user = await signUp('expired-reset@example.com');
      await authPost(t.app, '/request-password-reset', { email: user.email });
      const link = actionLinkOf(await waitForMail(t.smtp, user.email, 'Reset your Billbridge password'));
      const [token = ''] = link.oobCode.split('.');
      const expired = sealActionCode(testSecret, 'resetPassword', token, new Date(Date.now() - 1000));
      expect((await checkCode('resetPassword', expired)).json()).toMatchObject({
        code: 'EXPIRED_ACTION_CODE',
      });
      const reset = await authPost(t.app, '/reset-password', {
        token: expired,
        newPassword: 'my new secret words',
      });
      expect(reset.json()).toMatchObject({ code: 'EXPIRED_ACTION_CODE' });
      const tampered = await authPost(t.app, '/reset-password', {
        token: `${token}.9999999999.xyz`,
        newPassword: 'my new secret words',
      });
      expect(tampered.json()).toMatchObject({ code: 'INVALID_ACTION_CODE' });
    });
  });

  describe('e-mail change and recovery', () => {
    const verifiedUser = async (email: string) => {
      const user = await signUp(email);
      await t.context.database.db
        .update(authUser)
        .set({ emailVerified: true })
        .where(eq(authUser.id, user.id));
      return user;
    };

    it('needs the current address verified first', async () => {
      const user = await signUp('unverified-change@example.com');
      const response = await authPost(
        t.app,
        '/change-email',
        { newEmail: 'elsewhere@example.com' },
        { cookie: user.cookie },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'EMAIL_VERIFICATION_REQUIRED' });
    });

    it('needs a recent sign-in', async () => {
      const user = await verifiedUser('stale-change@example.com');
      await t.context.database.db
        .update(session)
        .set({ createdAt: sql`now() - interval '1 day'` })
        .where(eq(session.userId, user.id));
      const response = await authPost(
        t.app,
        '/change-email',
        { newEmail: 'elsewhere@example.com' },
        { cookie: user.cookie },
      );
      expect(response.json()).toMatchObject({ code: 'SESSION_NOT_FRESH' });
    });

    it('switches the sign-in address only once the new one is verified, and lets the old one undo it', async () => {
      const user = await verifiedUser('old-address@example.com');
      const changed = await authPost(
        t.app,
        '/change-email',
        { newEmail: 'New-Address@example.com' },
        { cookie: user.cookie },
      );
      expect(changed.statusCode).toBe(200);

      const confirmation = await waitForMail(t.smtp, 'new-address@example.com');
      expect(confirmation.subject).toBe('Confirm your new email for Billbridge');
      expect(confirmation.text).toContain('from old-address@example.com');
      const link = actionLinkOf(confirmation);
      expect(link.mode).toBe('verifyAndChangeEmail');
      expect((await signIn(t.app, 'new-address@example.com')).response.statusCode).toBe(401);
      expect((await signIn(t.app, user.email)).response.statusCode).toBe(200);
      expect((await checkCode('verifyAndChangeEmail', link.oobCode)).json()).toEqual({
        email: 'old-address@example.com',
        newEmail: 'new-address@example.com',
      });

      expect((await verifyEmail(link.oobCode, user.cookie)).statusCode).toBe(200);
      expect(await sessionUserOf(t.app, user.cookie)).toMatchObject({
        email: 'new-address@example.com',
        emailVerified: true,
      });
      expect((await signIn(t.app, 'new-address@example.com')).response.statusCode).toBe(200);
      expect((await signIn(t.app, 'old-address@example.com')).response.statusCode).toBe(401);
      expect((await verifyEmail(link.oobCode)).statusCode).toBe(401);
      expect((await checkCode('verifyAndChangeEmail', link.oobCode)).json()).toMatchObject({
        code: 'INVALID_ACTION_CODE',
      });

      const recoveryMail = await waitForMail(
        t.smtp,
        'old-address@example.com',
        'Your Billbridge sign-in email was changed',
      );
      const recovery = actionLinkOf(recoveryMail);
      expect(recovery.mode).toBe('recoverEmail');
      expect((await checkCode('recoverEmail', recovery.oobCode)).json()).toEqual({
        email: 'old-address@example.com',
        newEmail: 'new-address@example.com',
      });

      const recovered = await authPost(t.app, '/recover-email', { oobCode: recovery.oobCode });
      expect(recovered.statusCode).toBe(200);
      expect(recovered.json()).toEqual({ email: 'old-address@example.com' });
      expect(await sessionUserOf(t.app, user.cookie)).toBeNull();
      expect((await signIn(t.app, 'old-address@example.com')).response.statusCode).toBe(200);
      expect((await signIn(t.app, 'new-address@example.com')).response.statusCode).toBe(401);

      const again = await authPost(t.app, '/recover-email', { oobCode: recovery.oobCode });
      expect(again.json()).toMatchObject({ code: 'INVALID_ACTION_CODE' });
    });
  });
});
