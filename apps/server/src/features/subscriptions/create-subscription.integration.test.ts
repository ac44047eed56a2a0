import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membership, subscription } from '../../db/schema.ts';
import { snapshotDb } from '../../testing/db-snapshot.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpVerifiedUser, type TestUser } from '../../testing/users.ts';

describe('createSubscription', () => {
  let t: TestApp;
  let creator: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    creator = await signUpVerifiedUser(t.app, t.context.database.db, { name: 'Cora Creator' });
  });
  afterAll(() => t.close());

  it('creates a free workspace at once, owned by its creator with access and admin', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { status, body } = await callFunction(t.app, 'createSubscription', { planId: 'free' }, creator);
    expect(status).toBe(200);
    const { subscriptionId } = body.result as { subscriptionId: string };

    const read = await callFunction(t.app, 'getSubscription', { subscriptionId }, creator);
    const workspace = read.body.result as {
      owner_id: string;
      plan_id: string;
      status: string;
      settings: Record<string, unknown>;
      permissions: Record<string, string[]>;
      subscription_current_period_start: number;
      subscription_current_period_end: number;
    };
    expect(workspace).toMatchObject({
      owner_id: creator.id,
      plan_id: 'free',
      status: 'active',
      settings: { name: 'Untitled Project' },
      permissions: { access: [creator.id], admin: [creator.id] },
    });
    expect(workspace.subscription_current_period_start).toBeGreaterThanOrEqual(before);
    const periodDays =
      (workspace.subscription_current_period_end - workspace.subscription_current_period_start) / 86400;
    expect(periodDays).toBeGreaterThanOrEqual(28);
    expect(periodDays).toBeLessThanOrEqual(31);
  });

  it('lists the new workspace among the creator’s subscriptions', async () => {
    const { body } = await callFunction(t.app, 'createSubscription', { planId: 'free' }, creator);
    const { subscriptionId } = body.result as { subscriptionId: string };
    const mine = await callFunction(t.app, 'listMySubscriptions', {}, creator);
    const ids = (mine.body.result as { subscriptions: { id: string }[] }).subscriptions.map((s) => s.id);
    expect(ids).toContain(subscriptionId);
  });

  it('refuses paid plans without the billing step’s card and address, creating nothing', async () => {
    const before = await snapshotDb(t.context.database.db);
    for (const planId of ['pro', 'business']) {
      const { status, body } = await callFunction(t.app, 'createSubscription', { planId }, creator);
      expect(status).toBe(400);
      expect(errorOf(body)).toEqual({
        status: 'INVALID_ARGUMENT',
        message: 'Billing information is required for a paid plan',
        details: { messageKey: 'billingInfoRequired' },
      });
    }
    expect(await snapshotDb(t.context.database.db)).toEqual(before);
  });

  it('refuses the enterprise and legacy plans as not selectable', async () => {
    for (const planId of ['enterprise', 'gold']) {
      const { status, body } = await callFunction(t.app, 'createSubscription', { planId }, creator);
      expect(status).toBe(400);
      expect(errorOf(body)).toEqual({ status: 'INVALID_ARGUMENT', message: 'This plan cannot be selected.' });
    }
  });

  it('answers an unknown plan with not-found and the planNotFound message key', async () => {
    const { status, body } = await callFunction(t.app, 'createSubscription', { planId: 'platinum' }, creator);
    expect(status).toBe(404);
    expect(errorOf(body)).toEqual({
      status: 'NOT_FOUND',
      message: 'Plan not found.',
      details: { messageKey: 'planNotFound' },
    });
  });

  it('stores the owner’s membership with access and admin', async () => {
    const { body } = await callFunction(t.app, 'createSubscription', { planId: 'free' }, creator);
    const { subscriptionId } = body.result as { subscriptionId: string };
    const { db } = t.context.database;
    const [row] = await db.select().from(subscription).where(eq(subscription.id, subscriptionId));
    const members = await db.select().from(membership).where(eq(membership.subscriptionId, subscriptionId));
    expect(row?.ownerId).toBe(creator.id);
    expect(members.map(({ userId, permissions }) => ({ userId, permissions }))).toEqual([
      { userId: creator.id, permissions: ['access', 'admin'] },
    ]);
  });
});
