import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { signUpUser } from '../testing/users.ts';

describe('names and pictures through the auth routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { password: 'correct horse battery staple', ...payload },
    });
  const stored = async (email: string) =>
    (await t.context.database.db.select().from(user).where(eq(user.email, email)))[0];

  it('refuses a name over the profile limit at sign-up, storing nothing', async () => {
    const response = await signUp({ name: 'n'.repeat(200_000), email: 'long@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'NAME_TOO_LONG' });
    expect(await stored('long@example.com')).toBeUndefined();
    expect((await signUp({ name: 'n'.repeat(100), email: 'edge@example.com' })).statusCode).toBe(200);
  });

  it('refuses a long name and a picture that is not an https URL when updating the user', async () => {
    const member = await signUpUser(t.app, { name: 'Short Name', email: 'update@example.com' });
    const update = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { cookie: member.cookie, origin: 'http://localhost:3000' },
        payload,
      });
    expect((await update({ name: 'n'.repeat(101) })).statusCode).toBe(400);
    for (const image of ['http://example.com/a.png', 'javascript:alert(1)', 'not a url']) {
      const response = await update({ image });
      expect(response.statusCode, image).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_IMAGE' });
    }
    const row = await stored('update@example.com');
    expect(row).toMatchObject({ name: 'Short Name', image: null });
    expect((await update({ image: 'https://example.com/a.png', name: 'New Name' })).statusCode).toBe(200);
    expect(await stored('update@example.com')).toMatchObject({
      name: 'New Name',
      image: 'https://example.com/a.png',
    });
  });
});
