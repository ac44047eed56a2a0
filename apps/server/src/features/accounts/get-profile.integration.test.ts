import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, signUpUser } from '../../testing/users.ts';

describe('getProfile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads the auth user and the user document of the caller', async () => {
    const user = await signUpUser(t.app, { name: 'Paula Profile', email: 'paula@example.com' });
    const { status, body } = await callFunction(t.app, 'getProfile', {}, user);
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      user: {
        uid: user.id,
        email: 'paula@example.com',
        emailVerified: false,
        displayName: 'Paula Profile',
        photoURL: null,
      },
      profile: { display_name: 'Paula Profile', avatar_url: null, language: null },
      hasPassword: true,
    });
    const { profile } = body.result as { profile: { create_time: string } };
    expect(Date.now() - Date.parse(profile.create_time)).toBeLessThan(60_000);
  });

  it('needs a signed-in caller', async () => {
    expect((await callFunction(t.app, 'getProfile', {})).status).toBe(401);
  });
});
