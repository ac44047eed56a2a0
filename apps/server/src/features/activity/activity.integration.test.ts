import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, stripeEvent, subscription } from '../../db/schema.ts';
import { stripeEventOf } from '../../testing/sync.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { callFunction, signUpUser, type TestUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';
import { eq } from 'drizzle-orm';

describe('activity functions', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let subscriptionId: string;
  let otherId: string;
  const periodStart = new Date('2026-11-01T00:00:00Z');
  const periodEnd = new Date('2026-12-01T00:00:00Z');

  const seedActivity = async (workspace: string, type: string, time: string, status = 'success') => {
    const event = stripeEventOf({ account: 'acct_1Activity000001', type: `${type}.updated` });
    const [row] = await t.context.database.db
      .insert(stripeEvent)
      .values({
        accountId: 'acct_1Activity000001',
        eventId: event.id,
        type: event.type,
        livemode: false,
        created: Math.floor(Date.parse(time) / 1000),
        payload: {},
        subscriptionId: workspace,
        state: 'done',
      })
      .returning({ id: stripeEvent.id });
    await t.context.database.db.insert(activity).values({
      subscriptionId: workspace,
      stripeEventId: row?.id ?? 0,
      type,
      rawEventType: event.type,
      eventId: event.id,
      time: new Date(time),
      status,
    });
    return event.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app);
    member = await signUpUser(t.app);
    subscriptionId = await seedWorkspace(t.context.database.db, owner.id, [
      { userId: member.id, permissions: ['access'] },
    ]);
    otherId = await seedWorkspace(t.context.database.db, (await signUpUser(t.app)).id);
    for (const id of [subscriptionId, otherId]) {
      await t.context.database.db
        .update(subscription)
        .set({ currentPeriodStart: periodStart, currentPeriodEnd: periodEnd })
        .where(eq(subscription.id, id));
    }
    await seedActivity(subscriptionId, 'customer', '2026-11-02T10:00:00Z');
    await seedActivity(subscriptionId, 'customer', '2026-11-02T23:59:00Z');
    await seedActivity(subscriptionId, 'invoice', '2026-11-03T08:00:00Z', 'failure');
    await seedActivity(subscriptionId, 'subscription', '2026-10-30T08:00:00Z');
    await seedActivity(otherId, 'payment', '2026-11-02T10:00:00Z');
  });
  afterAll(() => t.close());

  it('lists the newest activities first, for members with access, and only the workspace’s own', async () => {
    const { status, body } = await callFunction(
      t.app,
      'getRecentActivities',
      { subscriptionId, limit: 3 },
      member,
    );
    expect(status).toBe(200);
    const { activities } = body.result as { activities: { type: string; time: number; status: string }[] };
    expect(activities.map((item) => [item.type, item.status])).toEqual([
      ['invoice', 'failure'],
      ['customer', 'success'],
      ['customer', 'success'],
    ]);
    expect(activities[0]?.time).toBe(Date.parse('2026-11-03T08:00:00Z') / 1000);
  });

  it('sums the billing period by day and type, with every day of the period present', async () => {
    const { status, body } = await callFunction(t.app, 'getAggregatedActivities', { subscriptionId }, member);
    expect(status).toBe(200);
    const summary = body.result as {
      eventTypes: string[];
      dailyData: Record<string, string | number>[];
      totals: Record<string, number>;
      total: number;
    };
    expect(summary.eventTypes).toEqual(['customer', 'invoice']);
    expect(summary.dailyData).toHaveLength(30);
    expect(summary.dailyData[0]).toEqual({ date: '2026-11-01', customer: 0, invoice: 0 });
    expect(summary.dailyData[1]).toEqual({ date: '2026-11-02', customer: 2, invoice: 0 });
    expect(summary.dailyData[2]).toEqual({ date: '2026-11-03', customer: 0, invoice: 1 });
    expect(summary.dailyData.at(-1)?.date).toBe('2026-11-30');
    expect(summary.totals).toEqual({ customer: 2, invoice: 1 });
    expect(summary.total).toBe(3);
  });
});
