import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitySummary, RecentActivity } from '@billbridge/contract';
import { activity, stripeEvent, subscription } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, type TestUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';

type Seeded = { type: string; time: string; status?: string; reason?: string; rawEventType?: string };

describe('activity functions', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app, { name: 'Olga Owner' });
    member = await signUpUser(t.app, { name: 'Max Member' });
    stranger = await signUpUser(t.app, { name: 'Sam Stranger' });
  });
  afterAll(() => t.close());

  /** A workspace with an access-only member and the billing period [start, end). */
  const workspace = async (start = '2026-11-01T00:00:00Z', end = '2026-12-01T00:00:00Z') => {
    const id = await seedWorkspace(t.context.database.db, owner.id, [
      { userId: member.id, permissions: ['access'] },
    ]);
    await t.context.database.db
      .update(subscription)
      .set({ currentPeriodStart: new Date(start), currentPeriodEnd: new Date(end) })
      .where(eq(subscription.id, id));
    return id;
  };

  /** One Stripe event in the inbox and its activity, as the sync engine leaves them. */
  const seed = async (subscriptionId: string, items: Seeded[]): Promise<string[]> => {
    const { db } = t.context.database;
    const ids: string[] = [];
    for (const item of items) {
      const eventId = `evt_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
      const rawEventType = item.rawEventType ?? `${item.type}.updated`;
      const [row] = await db
        .insert(stripeEvent)
        .values({
          accountId: 'acct_1Activity000001',
          eventId,
          type: rawEventType,
          livemode: false,
          created: Math.floor(Date.parse(item.time) / 1000),
          payload: {},
          subscriptionId,
          state: 'done',
        })
        .returning({ id: stripeEvent.id });
      if (!row) throw new Error('stripe event not seeded');
      await db.insert(activity).values({
        subscriptionId,
        stripeEventId: row.id,
        type: item.type,
        rawEventType,
        eventId,
        time: new Date(item.time),
        status: item.status ?? 'success',
        reason: item.reason ?? null,
      });
      ids.push(eventId);
    }
    return ids;
  };

  const recent = async (input: Record<string, unknown>, caller: TestUser = member) => {
    const { status, body } = await callFunction(t.app, 'getRecentActivities', input, caller);
    expect(status).toBe(200);
    return (body.result as { activities: RecentActivity[] }).activities;
  };

  const summary = async (subscriptionId: string, caller: TestUser = member) => {
    const { status, body } = await callFunction(t.app, 'getAggregatedActivities', { subscriptionId }, caller);
    expect(status).toBe(200);
    return body.result as ActivitySummary;
  };

  describe('getRecentActivities', () => {
    it('lists the newest activities first with every field, to a member holding only access', async () => {
      const id = await workspace();
      const [older, failed, newest] = await seed(id, [
        { type: 'customer', time: '2026-11-02T10:00:00Z', rawEventType: 'customer.created' },
        {
          type: 'invoice',
          time: '2026-11-03T08:00:00Z',
          status: 'failure',
          reason: 'HubSpot answered 400',
          rawEventType: 'invoice.paid',
        },
        { type: 'subscription', time: '2026-11-04T08:00:00Z', rawEventType: 'customer.subscription.updated' },
      ]);
      const activities = await recent({ subscriptionId: id });
      expect(activities.map((item) => item.eventID)).toEqual([newest, failed, older]);
      expect(activities[1]).toEqual({
        id: expect.any(String),
        type: 'invoice',
        rawEventType: 'invoice.paid',
        eventID: failed,
        time: Date.parse('2026-11-03T08:00:00Z') / 1000,
        status: 'failure',
        reason: 'HubSpot answered 400',
      });
      expect(activities[0]).toMatchObject({ type: 'subscription', status: 'success', reason: null });
    });

    it('returns 20 by default and at most the limit asked for, up to 100', async () => {
      const id = await workspace();
      const times = Array.from({ length: 25 }, (_, day) => new Date(Date.UTC(2026, 10, 1, 12, day)));
      await seed(
        id,
        times.map((time) => ({ type: 'payment', time: time.toISOString() })),
      );
      const byDefault = await recent({ subscriptionId: id });
      expect(byDefault).toHaveLength(20);
      expect(byDefault[0]?.time).toBe(Math.floor((times.at(-1)?.getTime() ?? 0) / 1000));
      expect(await recent({ subscriptionId: id, limit: 3 })).toHaveLength(3);
      expect(await recent({ subscriptionId: id, limit: 100 })).toHaveLength(25);
      for (const limit of [0, 101, 2.5]) {
        const { status, body } = await callFunction(
          t.app,
          'getRecentActivities',
          { subscriptionId: id, limit },
          member,
        );
        expect(status).toBe(400);
        expect(errorOf(body).status).toBe('INVALID_ARGUMENT');
      }
    });

    it('never shows another workspace’s activities', async () => {
      const id = await workspace();
      const other = await workspace();
      const [own] = await seed(id, [{ type: 'customer', time: '2026-11-02T10:00:00Z' }]);
      await seed(other, [{ type: 'payment', time: '2026-11-20T10:00:00Z' }]);
      expect((await recent({ subscriptionId: id })).map((item) => item.eventID)).toEqual([own]);
    });

    it('refuses a caller who is not a member of the workspace', async () => {
      const id = await workspace();
      await seed(id, [{ type: 'customer', time: '2026-11-02T10:00:00Z' }]);
      const { status, body } = await callFunction(
        t.app,
        'getRecentActivities',
        { subscriptionId: id },
        stranger,
      );
      expect(status).toBe(403);
      expect(body.result).toBeUndefined();
    });
  });

  describe('getAggregatedActivities', () => {
    it('counts the billing period by UTC day and type, with every day of the period present', async () => {
      const id = await workspace();
      await seed(id, [
        { type: 'customer', time: '2026-11-02T00:00:00Z' },
        { type: 'customer', time: '2026-11-02T23:59:59Z' },
        { type: 'invoice', time: '2026-11-03T08:00:00Z', status: 'failure' },
        { type: 'invoice', time: '2026-11-30T23:59:59Z', status: 'warning' },
        // Outside the period: the day before it starts and the instant it ends.
        { type: 'subscription', time: '2026-10-31T23:59:59Z' },
        { type: 'payment', time: '2026-12-01T00:00:00Z' },
      ]);
      await seed(await workspace(), [{ type: 'product', time: '2026-11-02T10:00:00Z' }]);

      const result = await summary(id);
      expect(result.eventTypes).toEqual(['customer', 'invoice']);
      expect(result.dailyData.map((day) => day.date)).toEqual(
        Array.from({ length: 30 }, (_, index) => `2026-11-${String(index + 1).padStart(2, '0')}`),
      );
      expect(result.dailyData[0]).toEqual({ date: '2026-11-01', customer: 0, invoice: 0 });
      expect(result.dailyData[1]).toEqual({ date: '2026-11-02', customer: 2, invoice: 0 });
      expect(result.dailyData[2]).toEqual({ date: '2026-11-03', customer: 0, invoice: 1 });
      expect(result.dailyData[29]).toEqual({ date: '2026-11-30', customer: 0, invoice: 1 });
      expect(result.totals).toEqual({ customer: 2, invoice: 2 });
      expect(result.total).toBe(4);
    });

    it('covers a period that starts and ends in the middle of a day, both days included', async () => {
      const id = await workspace('2026-11-15T13:30:00Z', '2026-12-15T13:30:00Z');
      await seed(id, [
        { type: 'payment', time: '2026-11-15T13:29:59Z' },
        { type: 'payment', time: '2026-11-15T13:30:00Z' },
        { type: 'account', time: '2026-12-15T13:29:59Z' },
      ]);
      const result = await summary(id);
      expect(result.dailyData).toHaveLength(31);
      expect(result.dailyData[0]).toEqual({ date: '2026-11-15', payment: 1, account: 0 });
      expect(result.dailyData.at(-1)).toEqual({ date: '2026-12-15', payment: 0, account: 1 });
      expect(result.eventTypes).toEqual(['payment', 'account']);
      expect(result.total).toBe(2);
    });

    it('gives an empty period zero events and still every day', async () => {
      const id = await workspace();
      const result = await summary(id, owner);
      expect(result).toMatchObject({ eventTypes: [], totals: {}, total: 0 });
      expect(result.dailyData).toHaveLength(30);
      expect(result.dailyData[0]).toEqual({ date: '2026-11-01' });
    });

    it('refuses a caller who is not a member, and answers not found for an unknown workspace', async () => {
      const id = await workspace();
      const { status } = await callFunction(
        t.app,
        'getAggregatedActivities',
        { subscriptionId: id },
        stranger,
      );
      expect(status).toBe(403);
      const missing = await callFunction(
        t.app,
        'getAggregatedActivities',
        { subscriptionId: randomUUID() },
        member,
      );
      expect(missing.status).toBe(404);
      expect(errorOf(missing.body).message).toBe('Subscription not found.');
    });
  });
});
