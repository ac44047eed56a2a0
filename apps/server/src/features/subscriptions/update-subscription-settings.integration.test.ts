import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscription } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, type TestUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';

describe('updateSubscriptionSettings', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app, { name: 'Owen Owner' });
    admin = await signUpUser(t.app, { name: 'Ada Admin' });
  });
  afterAll(() => t.close());

  const workspaceOn = (planId: string, status = 'active') =>
    seedWorkspace(t.context.database.db, owner.id, [{ userId: admin.id, permissions: ['access', 'admin'] }], {
      planId,
      status,
    });

  const storedSettings = async (id: string) =>
    (await t.context.database.db.select().from(subscription).where(eq(subscription.id, id)))[0]?.settings;

  const update = (subscriptionId: string, settings: Record<string, unknown>, caller = admin) =>
    callFunction(t.app, 'updateSubscriptionSettings', { subscriptionId, settings }, caller);

  it('lets an admin rename the workspace and answers with the merged settings', async () => {
    const id = await workspaceOn('pro');
    await t.context.database.db
      .update(subscription)
      .set({ settings: { name: 'Old', notification_threshold: 800 } })
      .where(eq(subscription.id, id));
    const { status, body } = await update(id, { name: '  Acme Sync  ' });
    expect(status).toBe(200);
    expect(body.result).toEqual({ settings: { name: 'Acme Sync', notification_threshold: 800 } });
    expect(await storedSettings(id)).toEqual({ name: 'Acme Sync', notification_threshold: 800 });
  });

  it('stores a notification threshold on a paid plan and clears it with null', async () => {
    const id = await workspaceOn('business');
    expect((await update(id, { name: 'Acme', notification_threshold: 5000 })).status).toBe(200);
    expect(await storedSettings(id)).toEqual({ name: 'Acme', notification_threshold: 5000 });
    expect((await update(id, { notification_threshold: null })).status).toBe(200);
    expect(await storedSettings(id)).toEqual({ name: 'Acme' });
  });

  it('keeps both of two updates of different settings made at once', async () => {
    const id = await workspaceOn('pro');
    const [first, second] = await Promise.all([
      update(id, { name: 'Concurrent' }),
      update(id, { notification_threshold: 42 }, owner),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await storedSettings(id)).toEqual({ name: 'Concurrent', notification_threshold: 42 });
  });

  it.each([
    [{ name: '' }, 'name is required'],
    [{ name: '   ' }, 'name is required'],
    [{ name: 7 }, 'name must be a string'],
    [{ notification_threshold: '100' }, 'notification_threshold must be a number'],
    [{ color: 'blue' }, 'Unknown setting "color"'],
    [{ __secret__: 'x' }, 'Field name "__secret__" is reserved: names may not begin and end with "__"'],
  ])('refuses %j with "%s", changing nothing', async (settings, message) => {
    const id = await workspaceOn('pro');
    const before = await storedSettings(id);
    const { status, body } = await update(id, settings);
    expect(status).toBe(400);
    expect(errorOf(body)).toMatchObject({ status: 'INVALID_ARGUMENT', message });
    expect(errorOf(body).details).toEqual({ fields: [{ path: Object.keys(settings)[0], message }] });
    expect(await storedSettings(id)).toEqual(before);
  });

  it('refuses the notification threshold on the free plan', async () => {
    const id = await workspaceOn('free');
    const { status, body } = await update(id, { name: 'Free', notification_threshold: 10 });
    expect(status).toBe(400);
    expect(errorOf(body).message).toBe('notification_threshold is not available on the free plan');
    expect(await storedSettings(id)).toEqual({ name: 'Seeded workspace' });
  });

  it('refuses any change on a canceled workspace', async () => {
    const id = await workspaceOn('pro', 'canceled');
    const { status, body } = await update(id, { name: 'Too late' });
    expect(status).toBe(400);
    expect(errorOf(body)).toEqual({
      status: 'FAILED_PRECONDITION',
      message: 'This subscription has been canceled',
    });
  });

  it('refuses an access-only member', async () => {
    const member = await signUpUser(t.app, { name: 'Mo Member' });
    const id = await seedWorkspace(t.context.database.db, owner.id, [
      { userId: member.id, permissions: ['access'] },
    ]);
    expect((await update(id, { name: 'Mine now' }, member)).status).toBe(403);
  });
});
