import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionUserOf } from '../../testing/auth-requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser } from '../../testing/users.ts';

describe('updateProfile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('renames the user in the document and in the session, keeping create_time', async () => {
    const user = await signUpUser(t.app, { name: 'Old Name' });
    const before = (await callFunction(t.app, 'getProfile', {}, user)).body.result as {
      profile: { create_time: string };
    };
    const { status, body } = await callFunction(t.app, 'updateProfile', { displayName: '  New Name ' }, user);
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      user: { displayName: 'New Name' },
      profile: { display_name: 'New Name', create_time: before.profile.create_time },
    });
    expect(await sessionUserOf(t.app, user.cookie)).toMatchObject({ name: 'New Name' });
  });

  it('saves the interface language', async () => {
    const user = await signUpUser(t.app);
    const { body } = await callFunction(t.app, 'updateProfile', { language: 'zh' }, user);
    expect(body.result).toMatchObject({ profile: { language: 'zh' } });
  });

  it('refuses an empty name, an unknown language and an empty update', async () => {
    const user = await signUpUser(t.app);
    for (const data of [{ displayName: '   ' }, { language: 'fr' }, {}]) {
      const { status, body } = await callFunction(t.app, 'updateProfile', data, user);
      expect(status).toBe(400);
      expect(errorOf(body).status).toBe('INVALID_ARGUMENT');
    }
  });
});
