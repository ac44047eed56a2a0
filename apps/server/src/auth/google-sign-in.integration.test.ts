import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user, userProfile } from '../db/schema.ts';
import { startOidcProvider, type TestOidcProvider } from '../testing/oidc-provider.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const appUrl = 'http://localhost:3000';

const cookiesOf = (setCookie: string | string[] | undefined): string =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

describe('Google sign-in through OpenID Connect discovery', () => {
  let oidc: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    oidc = await startOidcProvider({ redirectUris: [`${appUrl}/api/auth/callback/google`] });
    t = await createTestApp({
      env: {
        SOCIAL_PROVIDERS: 'google',
        GOOGLE_ISSUER: oidc.issuer,
        GOOGLE_CLIENT_ID: oidc.clientId,
        GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.close();
  });

  /** The browser's part: start at the app, sign in at the provider, come back to the callback. */
  const signInWithGoogle = async (person: { email: string; name?: string }) => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: appUrl },
      payload: { provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/signin?error=social' },
    });
    expect(start.statusCode).toBe(200);
    const { url } = start.json() as { url: string };
    expect(url.startsWith(`${oidc.issuer}/`)).toBe(true);
    const callbackUrl = await oidc.signIn(url, person);
    expect(callbackUrl.startsWith(`${appUrl}/api/auth/callback/google?`)).toBe(true);
    const callback = await t.app.inject({
      method: 'GET',
      url: callbackUrl.slice(appUrl.length),
      headers: { cookie: cookiesOf(start.headers['set-cookie']) },
    });
    return callback;
  };

  it('lists Google as the only enabled provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/social-providers' });
    expect(response.json()).toEqual({ providers: ['google'] });
  });

  it('signs a new person up with a round trip through the provider and writes their profile', async () => {
    const callback = await signInWithGoogle({ email: 'gina@example.com', name: 'Gina Google' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/dashboard');

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookiesOf(callback.headers['set-cookie']) },
    });
    const body = session.json() as {
      user: { id: string; email: string; emailVerified: boolean; name: string };
    };
    expect(body.user).toMatchObject({ email: 'gina@example.com', emailVerified: true, name: 'Gina Google' });

    const db = t.context.database.db;
    const [profile] = await db.select().from(userProfile).where(eq(userProfile.userId, body.user.id));
    expect(profile).toMatchObject({ displayName: 'Gina Google' });
    const accounts = await db.select().from(account).where(eq(account.userId, body.user.id));
    expect(accounts.map((row) => row.providerId)).toEqual(['google']);
  });

  it('signs the same person in again as the same user', async () => {
    const first = await signInWithGoogle({ email: 'rita@example.com', name: 'Rita Return' });
    const second = await signInWithGoogle({ email: 'rita@example.com', name: 'Rita Return' });
    expect(second.headers.location).toBe('/dashboard');
    expect(cookiesOf(second.headers['set-cookie'])).not.toBe(cookiesOf(first.headers['set-cookie']));
    const users = await t.context.database.db.select().from(user).where(eq(user.email, 'rita@example.com'));
    expect(users).toHaveLength(1);
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/signin?error=social' },
    });
    const { url } = start.json() as { url: string };
    const callbackUrl = await oidc.signIn(url, { email: 'mallory@example.com' });
    const callback = await t.app.inject({ method: 'GET', url: callbackUrl.slice(appUrl.length) });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toMatch(/error/);
    expect(cookiesOf(callback.headers['set-cookie'])).not.toMatch(/session_token=[^;]/);
  });
});
