import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  latestFilterTime,
  type ActivityLogItem,
  type ActivitySummary,
  type RecentActivity,
} from '@billbridge/contract';
import {
  activity,
  crmLink,
  destination,
  stripeEvent,
  subscription,
  usage,
  type StoredStripeEvent,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, errorOf, signUpUser, type TestUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';

type Seeded = {
  type: string;
  time: string;
  status?: string;
  reason?: string;
  rawEventType?: string;
  state?: string;
  payload?: Record<string, unknown>;
};

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
          // A fixture: only the fields the test reads back, not a whole Stripe event.
          payload: (item.payload ?? {}) as StoredStripeEvent,
          subscriptionId,
          state: item.state ?? 'done',
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

  describe('getUsage', () => {
    const usageOf = async (subscriptionId: string, caller: TestUser = member) => {
      const { status, body } = await callFunction(t.app, 'getUsage', { subscriptionId }, caller);
      return { status, usage: body.result };
    };

    it('counts the current period only, against the free plan’s included events and cap', async () => {
      const id = await workspace();
      await t.context.database.db.insert(usage).values([
        { subscriptionId: id, periodStart: new Date('2026-10-01T00:00:00Z'), events: 900 },
        { subscriptionId: id, periodStart: new Date('2026-11-01T00:00:00Z'), events: 412 },
      ]);
      expect(await usageOf(id)).toEqual({ status: 200, usage: { events: 412, included: 1000, cap: 1000 } });
    });

    it('gives a new period zero, and a paid plan its included events without a cap', async () => {
      const id = await workspace();
      await t.context.database.db.update(subscription).set({ planId: 'pro' }).where(eq(subscription.id, id));
      expect(await usageOf(id, owner)).toEqual({
        status: 200,
        usage: { events: 0, included: 10000, cap: null },
      });
    });

    it('refuses a caller who is not a member', async () => {
      const id = await workspace();
      expect((await usageOf(id, stranger)).status).toBe(403);
    });

    it.each(['capped', 'past_due'])('answers every dashboard figure of a %s workspace', async (status) => {
      const id = await workspace();
      const { db } = t.context.database;
      await db.update(subscription).set({ status }).where(eq(subscription.id, id));
      await db
        .insert(usage)
        .values({ subscriptionId: id, periodStart: new Date('2026-11-01T00:00:00Z'), events: 1000 });
      await seed(id, [{ type: 'customer', time: '2026-11-30T23:59:59Z' }]);
      expect(await usageOf(id)).toEqual({ status: 200, usage: { events: 1000, included: 1000, cap: 1000 } });
      expect((await summary(id)).total).toBe(1);
      expect(await recent({ subscriptionId: id })).toHaveLength(1);
      const counts = await callFunction(t.app, 'getIntegrationCounts', { subscriptionId: id }, member);
      expect(counts.status).toBe(200);
    });
  });

  describe('the activity log', () => {
    const log = async (input: Record<string, unknown>) => {
      const { status, body } = await callFunction(t.app, 'listActivities', input, owner);
      expect(status).toBe(200);
      return body.result as { count: number; activities: ActivityLogItem[] };
    };
    const eventIdsOf = (page: { activities: ActivityLogItem[] }) =>
      page.activities.map((item) => item.eventID);

    it('filters by status (held apart from other warnings), type and an inclusive time range, newest first', async () => {
      const id = await workspace();
      const [paid, failed, held, warned, other] = await seed(id, [
        { type: 'invoice', time: '2026-11-02T10:00:00Z' },
        { type: 'invoice', time: '2026-11-03T10:00:00Z', status: 'failure', reason: 'HubSpot refused it' },
        {
          type: 'customer',
          time: '2026-11-04T10:00:00Z',
          status: 'warning',
          state: 'held',
          reason: 'Held: cap',
        },
        { type: 'customer', time: '2026-11-05T10:00:00Z', status: 'warning', reason: 'Stage gone' },
        { type: 'mystery', time: '2026-11-06T10:00:00Z', rawEventType: 'radar.early_fraud_warning.created' },
      ]);
      const all = await log({ subscriptionId: id });
      expect(all.count).toBe(5);
      expect(eventIdsOf(all)).toEqual([other, warned, held, failed, paid]);
      expect(all.activities.find((item) => item.eventID === held)).toMatchObject({
        held: true,
        status: 'warning',
      });
      expect(eventIdsOf(await log({ subscriptionId: id, status: 'held' }))).toEqual([held]);
      expect(eventIdsOf(await log({ subscriptionId: id, status: 'warning' }))).toEqual([warned]);
      expect(eventIdsOf(await log({ subscriptionId: id, status: 'failure' }))).toEqual([failed]);
      expect(eventIdsOf(await log({ subscriptionId: id, type: 'invoice' }))).toEqual([failed, paid]);
      expect(eventIdsOf(await log({ subscriptionId: id, type: 'other' }))).toEqual([other]);
      const range = {
        from: Date.parse('2026-11-03T10:00:00Z') / 1000,
        to: Date.parse('2026-11-04T10:00:00Z') / 1000,
      };
      expect(eventIdsOf(await log({ subscriptionId: id, ...range }))).toEqual([held, failed]);
    });

    it('pages through the matches with their count', async () => {
      const id = await workspace();
      const ids = await seed(
        id,
        Array.from({ length: 12 }, (_, n) => ({
          type: 'customer',
          time: `2026-11-${String(n + 10)}T00:00:00Z`,
        })),
      );
      const second = await log({ subscriptionId: id, page: 2, pageSize: 10 });
      expect(second.count).toBe(12);
      expect(eventIdsOf(second)).toEqual([ids[1], ids[0]]);
      const refused = await callFunction(
        t.app,
        'listActivities',
        { subscriptionId: id, pageSize: 15 },
        owner,
      );
      expect(refused.status).toBe(400);
    });

    it('refuses a time past year 9999 as bad input, in the log and in a retry of a range', async () => {
      const id = await workspace();
      const huge = { subscriptionId: id, from: 0, to: Number.MAX_SAFE_INTEGER };
      for (const name of ['listActivities', 'retryFailedActivities'] as const) {
        const refused = await callFunction(t.app, name, huge, owner);
        expect(refused.status).toBe(400);
        expect(errorOf(refused.body).status).toBe('INVALID_ARGUMENT');
        const widest = await callFunction(t.app, name, { ...huge, to: latestFilterTime }, owner);
        expect(widest.status).toBe(200);
      }
    });

    it('gives one event’s payload, what it became in each portal with a link, and its last error', async () => {
      const id = await workspace();
      const payload = { id: 'evt_detail', type: 'customer.updated', data: { object: { id: 'cus_Detail1' } } };
      const [eventId] = await seed(id, [
        { type: 'customer', time: '2026-11-07T00:00:00Z', rawEventType: 'customer.updated', payload },
      ]);
      const { db } = t.context.database;
      const destinationId = randomUUID();
      await db
        .insert(destination)
        .values({ id: destinationId, subscriptionId: id, name: 'Main CRM', type: 'hubspot', hubId: 4242 });
      await db.insert(crmLink).values({
        destinationId,
        stripeObjectId: 'cus_Detail1',
        crmObjectType: 'contacts',
        crmObjectId: '901',
      });
      await db
        .update(stripeEvent)
        .set({ lastError: 'HubSpot said no' })
        .where(eq(stripeEvent.eventId, eventId ?? ''));
      const [row] = await db
        .select({ id: activity.id })
        .from(activity)
        .where(eq(activity.eventId, eventId ?? ''));
      const { status, body } = await callFunction(
        t.app,
        'getActivity',
        { subscriptionId: id, activityId: row?.id },
        owner,
      );
      expect(status).toBe(200);
      const detail = body.result as {
        payload: unknown;
        writes: unknown[];
        activity: ActivityLogItem;
        last_error: string | null;
      };
      expect(detail.activity.eventID).toBe(eventId);
      expect(detail.payload).toEqual(payload);
      expect(detail.last_error).toBe('HubSpot said no');
      expect(detail.writes).toEqual([
        {
          destination_id: destinationId,
          destination_name: 'Main CRM',
          portal_id: 4242,
          object_type: 'contacts',
          object_id: '901',
          url: expect.stringMatching(/\/contacts\/4242\/record\/0-1\/901$/),
        },
      ]);
    });

    it('keeps the log to admins', async () => {
      const id = await workspace();
      const { status } = await callFunction(t.app, 'listActivities', { subscriptionId: id }, member);
      expect(status).toBe(403);
    });
  });
});
