import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { subscription, usage, userProfile } from '../../db/schema.ts';
import type { MailMessage } from '../../mail/message.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signUpUser, type TestUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';
import { countSyncEvents } from '../sync/gate/usage-count.ts';
import { sendUsageNotices } from './usage-notices.ts';

/** One sync event counted as the sync engine counts it (no cap), returning the new total. */
const recordUsage = async (tx: Parameters<typeof countSyncEvents>[0], id: string, periodStart: Date) =>
  (await countSyncEvents(tx, id, periodStart, undefined, 1)).total;

describe('usage notices', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  const periodStart = new Date('2026-11-01T00:00:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpUser(t.app, { name: 'Olga Owner' });
    admin = await signUpUser(t.app, { name: 'Ada Admin' });
    member = await signUpUser(t.app, { name: 'Max Member' });
    await t.context.database.db
      .insert(userProfile)
      .values({ userId: admin.id, language: 'zh-CN' })
      .onConflictDoUpdate({ target: userProfile.userId, set: { language: 'zh-CN' } });
  });
  afterAll(() => t.close());

  /** A workspace with an admin (reads Chinese) and a plain member, its period starting `periodStart`. */
  const workspace = async (
    name: string,
    { planId = 'pro', threshold }: { planId?: string; threshold?: number } = {},
  ) => {
    const id = await seedWorkspace(
      t.context.database.db,
      owner.id,
      [
        { userId: admin.id, permissions: ['access', 'admin'] },
        { userId: member.id, permissions: ['access'] },
      ],
      { planId },
    );
    await t.context.database.db
      .update(subscription)
      .set({
        settings: threshold === undefined ? { name } : { name, notification_threshold: threshold },
        currentPeriodStart: periodStart,
      })
      .where(eq(subscription.id, id));
    return id;
  };

  /** What the sync engine does per event: count it, then notice, in one transaction. */
  const countOne = (id: string, start = periodStart) =>
    t.context.database.db.transaction(async (tx) => {
      const events = await recordUsage(tx, id, start);
      await sendUsageNotices(t.context, tx, { subscriptionId: id, periodStart: start, events });
    });

  /** Sets the period's count as if `events` had been counted already, with `notifiedLevels` sent. */
  const setUsage = (id: string, events: number, notifiedLevels: number[] = []) =>
    t.context.database.db
      .insert(usage)
      .values({ subscriptionId: id, periodStart, events, notifiedLevels })
      .onConflictDoUpdate({
        target: [usage.subscriptionId, usage.periodStart],
        set: { events, notifiedLevels },
      });

  /** The `mail.send` jobs queued about workspace `id` (its link names it). */
  const mailsAbout = async (id: string) =>
    (
      await queryRows<{ data: MailMessage }>(
        t.context.database.db,
        sql`select data from pgboss.job where name = 'mail.send' and data->>'text' like ${`%/subscription/${id}%`}`,
      )
    ).map((row) => row.data);

  const usageOf = async (id: string, start = periodStart) => {
    const [row] = await t.context.database.db
      .select()
      .from(usage)
      .where(and(eq(usage.subscriptionId, id), eq(usage.periodStart, start)));
    return row;
  };

  it('counts events per workspace and period, returning the new total', async () => {
    const id = await workspace('Counting', { threshold: 1_000 });
    expect(await t.context.database.db.transaction((tx) => recordUsage(tx, id, periodStart))).toBe(1);
    expect(await t.context.database.db.transaction((tx) => recordUsage(tx, id, periodStart))).toBe(2);
    const next = new Date('2026-12-01T00:00:00Z');
    expect(await t.context.database.db.transaction((tx) => recordUsage(tx, id, next))).toBe(1);
    expect((await usageOf(id))?.events).toBe(2);
  });

  it('tells the owner and each admin once, in their language, when 50 % is reached', async () => {
    const id = await workspace('Acme', { threshold: 10 });
    for (let event = 0; event < 4; event += 1) await countOne(id);
    expect(await mailsAbout(id)).toEqual([]);
    await countOne(id);
    await countOne(id);

    const mails = await mailsAbout(id);
    expect(mails.map((mail) => mail.to).sort()).toEqual([admin.email, owner.email].sort());
    const english = mails.find((mail) => mail.to === owner.email);
    expect(english?.subject).toBe('Acme has used 50% of its sync events');
    expect(english?.text).toContain('"Acme" has synced 5 of 10 events this billing period (50%).');
    expect(english?.text).toContain('Syncing goes on.');
    expect(english?.text).toContain(`${t.context.config.appUrl}/subscription/${id}/billing/change-plan`);
    const chinese = mails.find((mail) => mail.to === admin.email);
    expect(chinese?.subject).toBe('Acme 已使用 50% 的同步事件');
    expect(chinese?.text).toContain('“Acme”本计费周期已同步 5 / 10 个事件（50%）。');
    // The admin cannot change the plan (owner-only): the dashboard, and whom to ask (issue 31 §5.3).
    expect(chinese?.html).toContain('打开仪表板');
    expect(chinese?.text).toContain('只有所有者（Olga Owner）可以升级套餐');
    expect(chinese?.text).toContain(`${t.context.config.appUrl}/subscription/${id}\n`);
    expect(chinese?.text).not.toContain('change-plan');
    expect((await usageOf(id))?.notifiedLevels).toEqual([50]);
  });

  it('sends both notices when one step crosses 50 % and 90 %', async () => {
    const id = await workspace('Leap', { threshold: 10 });
    await setUsage(id, 9);
    await t.context.database.db.transaction((tx) =>
      sendUsageNotices(t.context, tx, { subscriptionId: id, periodStart, events: 9 }),
    );
    const subjects = (await mailsAbout(id)).map((mail) => `${mail.to} ${mail.subject}`).sort();
    expect(subjects).toEqual(
      [
        `${owner.email} Leap has used 50% of its sync events`,
        `${owner.email} Leap has used 90% of its sync events`,
        `${admin.email} Leap 已使用 50% 的同步事件`,
        `${admin.email} Leap 已使用 90% 的同步事件`,
      ].sort(),
    );
    expect((await mailsAbout(id)).every((mail) => mail.text.includes('9') && mail.text.includes('10'))).toBe(
      true,
    );
  });

  it('sends each level once per period even when 20 events are counted at the same time', async () => {
    const id = await workspace('Busy', { threshold: 10 });
    await Promise.all(Array.from({ length: 20 }, () => countOne(id)));

    const row = await usageOf(id);
    expect(row?.events).toBe(20);
    expect([...(row?.notifiedLevels ?? [])].sort((a, b) => a - b)).toEqual([50, 90, 100]);
    const mails = await mailsAbout(id);
    for (const level of [50, 90, 100]) {
      for (const to of [owner.email, admin.email]) {
        const about = mails.filter((mail) => mail.to === to && mail.subject.includes(` ${level}% `));
        expect(about, `${level}% to ${to}`).toHaveLength(1);
      }
    }
    expect(mails).toHaveLength(6);
    expect(mails.some((mail) => mail.to === member.email)).toBe(false);

    // A new billing period starts over.
    await countOne(id, new Date('2026-12-01T00:00:00Z'));
    expect(await mailsAbout(id)).toHaveLength(6);
  });

  it('sends each level once when 20 transactions notice the same total at the same time', async () => {
    // No usage increment here to serialize them: only the claim of the level decides.
    const id = await workspace('Race', { threshold: 10 });
    await setUsage(id, 10);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.context.database.db.transaction((tx) =>
          sendUsageNotices(t.context, tx, { subscriptionId: id, periodStart, events: 10 }),
        ),
      ),
    );
    expect([...((await usageOf(id))?.notifiedLevels ?? [])].sort((a, b) => a - b)).toEqual([50, 90, 100]);
    expect(await mailsAbout(id)).toHaveLength(6);
  });

  it('says a free workspace is paused at 100 % of its included events, until an upgrade or the next period', async () => {
    const id = await workspace('Free tier', { planId: 'free' });
    await setUsage(id, 999, [50, 90]);
    await countOne(id);

    const mails = await mailsAbout(id);
    const english = mails.find((mail) => mail.to === owner.email);
    expect(english?.subject).toBe('Free tier has used 100% of its sync events');
    expect(english?.text).toContain('has synced 1,000 of 1,000 events');
    expect(english?.text).toContain('Syncing is paused');
    expect(english?.text).toContain('upgrade the plan or the next period starts');
    expect(english?.html).toContain(
      `href="${t.context.config.appUrl}/subscription/${id}/billing/change-plan"`,
    );
    const chinese = mails.find((mail) => mail.to === admin.email);
    expect(chinese?.text).toContain('同步已暂停');
    expect(mails).toHaveLength(2);
  });

  it('goes on syncing a paid workspace past 100 %, and uses the plan’s included events without a threshold', async () => {
    const id = await workspace('Pro default');
    await setUsage(id, 9_999, [50, 90]);
    await countOne(id);
    const english = (await mailsAbout(id)).find((mail) => mail.to === owner.email);
    expect(english?.text).toContain('10,000 of 10,000 events');
    expect(english?.text).toContain('Syncing goes on.');
  });

  it('sends nothing for a custom plan without a threshold', async () => {
    const id = await workspace('Enterprise', { planId: 'enterprise' });
    await setUsage(id, 1_000_000);
    await countOne(id);
    expect(await mailsAbout(id)).toEqual([]);
    expect((await usageOf(id))?.notifiedLevels).toEqual([]);
  });

  it('neither records nor sends a notice when the engine’s transaction rolls back', async () => {
    const id = await workspace('Rollback', { threshold: 2 });
    await expect(
      t.context.database.db.transaction(async (tx) => {
        const events = await recordUsage(tx, id, periodStart);
        await sendUsageNotices(t.context, tx, { subscriptionId: id, periodStart, events });
        throw new Error('the sync engine failed later in its transaction');
      }),
    ).rejects.toThrow('failed later');
    expect(await mailsAbout(id)).toEqual([]);
    expect(await usageOf(id)).toBeUndefined();
    await countOne(id);
    expect(await mailsAbout(id)).toHaveLength(2);
  });
});
