import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecurityEvent } from '@billbridge/contract';
import { authPost, cookiesOf, signIn, testPassword } from '../../testing/auth-requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, signUpUser, type TestUser } from '../../testing/users.ts';

describe('a user’s own security events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const eventsOf = async (user: Pick<TestUser, 'cookie'>) => {
    const { status, body } = await callFunction(t.app, 'listMySecurityEvents', { pageSize: 100 }, user);
    expect(status).toBe(200);
    return (body.result as { events: SecurityEvent[] }).events;
  };

  it('lists sign-ins, failed sign-ins, password changes and sign-outs, newest first, from where', async () => {
    const user = await signUpUser(t.app);
    const headers = { 'user-agent': 'Firefox/140' };
    expect((await signIn(t.app, user.email, 'not the password')).response.statusCode).toBe(401);
    const { cookie } = await signIn(t.app, user.email, testPassword, { headers });
    const changed = await authPost(
      t.app,
      '/update-password',
      { newPassword: 'a brand new passphrase' },
      { cookie },
    );
    expect(changed.statusCode).toBe(200);
    const renewed = cookiesOf(changed);
    const events = await eventsOf({ cookie: renewed });
    expect(events.map((event) => event.kind)).toEqual([
      'security.password_changed',
      'security.signed_in',
      'security.sign_in_failed',
    ]);
    expect(events[1]).toMatchObject({
      actor: { type: 'user', user_id: user.id, email: user.email },
      ip: '127.0.0.1',
      user_agent: 'Firefox/140',
      target: null,
      changes: [],
    });

    expect((await authPost(t.app, '/sign-out', {}, { cookie: renewed })).statusCode).toBe(200);
    const { cookie: again } = await signIn(t.app, user.email, 'a brand new passphrase');
    expect((await eventsOf({ cookie: again })).map((event) => event.kind).slice(0, 2)).toEqual([
      'security.signed_in',
      'security.signed_out',
    ]);
  });

  it('shows each user only their own, and no workspace change', async () => {
    const one = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    await signIn(t.app, other.email, 'wrong password');
    expect((await callFunction(t.app, 'createSubscription', { planId: 'free' }, one)).status).toBe(200);
    expect(await eventsOf(one)).toEqual([]);
    expect((await eventsOf(other)).map((event) => event.kind)).toEqual(['security.sign_in_failed']);
  });

  it('records no failed sign-in for an address without an account', async () => {
    const user = await signUpUser(t.app);
    await signIn(t.app, `nobody-${user.id}@example.com`, 'whatever it is');
    expect(await eventsOf(user)).toEqual([]);
  });
});
