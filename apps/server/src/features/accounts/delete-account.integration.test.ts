import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membership, session, subscription, user as authUser, userProfile } from '../../db/schema.ts';
import { authPost, sessionUserOf } from '../../testing/auth-requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signUpUser, type TestUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';

describe('deleting an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.context.database.db;
  const deleteAccount = (user: TestUser) => authPost(t.app, '/delete-user', {}, { cookie: user.cookie });
  const exists = async (user: TestUser) =>
    (await db().select().from(authUser).where(eq(authUser.id, user.id))).length === 1;
  const workspace = async (id: string) =>
    (await db().select().from(subscription).where(eq(subscription.id, id)))[0];

  it('removes the user, their sessions, profile and memberships of other workspaces', async () => {
    const owner = await signUpUser(t.app);
    const leaving = await signUpUser(t.app);
    const id = await seedWorkspace(db(), owner.id, [{ userId: leaving.id, permissions: ['access'] }]);

    const response = await deleteAccount(leaving);
    expect(response.statusCode).toBe(200);
    expect(await exists(leaving)).toBe(false);
    expect(await sessionUserOf(t.app, leaving.cookie)).toBeNull();
    expect(await db().select().from(session).where(eq(session.userId, leaving.id))).toEqual([]);
    expect(await db().select().from(userProfile).where(eq(userProfile.userId, leaving.id))).toEqual([]);
    const members = await db().select().from(membership).where(eq(membership.subscriptionId, id));
    expect(members.map((member) => member.userId)).toEqual([owner.id]);
  });

  it('demands a recent sign-in', async () => {
    const user = await signUpUser(t.app);
    await db()
      .update(session)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(session.userId, user.id));
    const response = await deleteAccount(user);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'SESSION_NOT_FRESH' });
    expect(await exists(user)).toBe(true);
  });

  it('hands an owned workspace with members to its longest-standing admin', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const firstAdmin = await signUpUser(t.app);
    const secondAdmin = await signUpUser(t.app);
    const id = await seedWorkspace(db(), owner.id, [{ userId: member.id, permissions: ['access'] }]);
    await db()
      .insert(membership)
      .values({ subscriptionId: id, userId: firstAdmin.id, permissions: ['access', 'admin'] });
    await db()
      .insert(membership)
      .values({
        subscriptionId: id,
        userId: secondAdmin.id,
        permissions: ['access', 'admin'],
        createdAt: sql`now() + interval '1 minute'`,
      });

    expect((await deleteAccount(owner)).statusCode).toBe(200);
    expect((await workspace(id))?.ownerId).toBe(firstAdmin.id);
  });

  it('refuses while an owned workspace has members but no admin, changing nothing', async () => {
    const owner = await signUpUser(t.app);
    const member = await signUpUser(t.app);
    const id = await seedWorkspace(db(), owner.id, [{ userId: member.id, permissions: ['access'] }]);
    await db()
      .update(subscription)
      .set({ settings: { name: 'Busy Bees' } })
      .where(eq(subscription.id, id));

    const response = await deleteAccount(owner);
    expect(response.statusCode).toBe(400);
    // By name and why, so the browser words it in the reader's language.
    expect(response.json()).toMatchObject({
      code: 'OWNED_SUBSCRIPTIONS',
      noAdmin: ['Busy Bees'],
      paidPlan: [],
    });
    expect((response.json() as { message: string }).message).toContain('Busy Bees');
    expect(await exists(owner)).toBe(true);
    expect((await workspace(id))?.ownerId).toBe(owner.id);
  });

  it('deletes a workspace its owner had alone', async () => {
    const owner = await signUpUser(t.app);
    const id = await seedWorkspace(db(), owner.id);
    expect((await deleteAccount(owner)).statusCode).toBe(200);
    expect(await workspace(id)).toBeUndefined();
  });

  it('refuses while a workspace it had alone still pays for a plan in Stripe', async () => {
    const owner = await signUpUser(t.app);
    const id = await seedWorkspace(db(), owner.id, [], { planId: 'pro' });
    await db().update(subscription).set({ stripeSubscriptionId: 'sub_123' }).where(eq(subscription.id, id));
    const response = await deleteAccount(owner);
    expect(response.json()).toMatchObject({ code: 'OWNED_SUBSCRIPTIONS' });
    expect((response.json() as { message: string }).message).toContain('Cancel the paid plan');
    expect(await workspace(id)).toBeDefined();

    await db().update(subscription).set({ status: 'canceled' }).where(eq(subscription.id, id));
    expect((await deleteAccount(owner)).statusCode).toBe(200);
    expect(await workspace(id)).toBeUndefined();
  });
});
