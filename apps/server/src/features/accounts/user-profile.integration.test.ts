import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfile } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signUpUser } from '../../testing/users.ts';

describe('the user profile record', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const profileOf = async (userId: string) =>
    (await t.context.database.db.select().from(userProfile).where(eq(userProfile.userId, userId)))[0];

  it('is written at sign-up with the display name', async () => {
    const user = await signUpUser(t.app, { name: 'Pia Profile', email: 'pia@example.com' });
    const profile = await profileOf(user.id);
    expect(profile).toMatchObject({ displayName: 'Pia Profile', avatarUrl: null });
  });

  it('keeps create_time and moves last_updated at every sign-in', async () => {
    const user = await signUpUser(t.app, { name: 'Sid Signin', email: 'sid@example.com' });
    const before = await profileOf(user.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'sid@example.com', password: 'correct horse battery staple' },
    });
    expect(response.statusCode).toBe(200);
    const after = await profileOf(user.id);
    expect(after?.createTime).toEqual(before?.createTime);
    expect(after?.lastUpdated.getTime()).toBeGreaterThan(before?.lastUpdated.getTime() ?? Infinity);
  });
});
