import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMail, subscription, userProfile } from '../../db/schema.ts';
import { startWorker } from '../../jobs/worker.ts';
import { countSyncEvents } from '../sync/usage-count.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signUpUser, type TestUser } from '../../testing/users.ts';
import { waitFor } from '../../testing/wait.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';
import { sendUsageNotices } from './usage-notices.ts';

describe('usage notices', () => {
  let t: TestApp;
  let stopWorker: () => void;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    stopWorker = await startWorker(t.context);
    owner = await signUpUser(t.app, { name: 'Olga Owner' });
    admin = await signUpUser(t.app, { name: 'Ada Admin' });
    member = await signUpUser(t.app, { name: 'Max Member' });
    await t.context.database.db
      .insert(userProfile)
      .values({ userId: admin.id, language: 'zh' })
      .onConflictDoUpdate({
        target: userProfile.userId,
        set: { language: 'zh' },
      });
  });
  afterAll(async () => {
    stopWorker();
    await t.close();
  });

  /** A pro workspace with a threshold of 10 events, an admin and a plain member. */
  const workspace = async (name: string) => {
    const id = await seedWorkspace(
      t.context.database.db,
      owner.id,
      [
        { userId: admin.id, permissions: ['access', 'admin'] },
        { userId: member.id, permissions: ['access'] },
      ],
      { planId: 'pro' },
    );
    await t.context.database.db
      .update(subscription)
      .set({ settings: { name, notification_threshold: 10 } })
      .where(eq(subscription.id, id));
    const [row] = await t.context.database.db.select().from(subscription).where(eq(subscription.id, id));
    return { id, periodStart: row?.currentPeriodStart ?? new Date() };
  };
  const count = (id: string, periodStart: Date, events: number) =>
    t.context.database.db.transaction(async (tx) => {
      const { total } = await countSyncEvents(tx, id, periodStart, undefined, events);
      await sendUsageNotices(t.context, tx, { subscriptionId: id, periodStart, events: total });
    });
  const mailsAbout = async (subject: RegExp) =>
    (await t.context.database.db.select().from(devMail)).filter((mail) => subject.test(mail.subject));

  it('tells the owner and the admins, each in their language, once per level reached', async () => {
    const { id, periodStart } = await workspace('Acme');
    await count(id, periodStart, 4);
    await count(id, periodStart, 5);
    // 4 → 9 crossed 50 % and 90 % at once: the owner gets English, the admin Chinese, the member nothing.
    await waitFor(async () => (await mailsAbout(/Acme/)).length === 4, { what: 'both levels' });
    const all = await mailsAbout(/Acme/);
    expect(all.map((mail) => mail.to).sort()).toEqual(
      [admin.email, admin.email, owner.email, owner.email].sort(),
    );
    expect(all.find((mail) => mail.to === owner.email && /90%/.test(mail.subject))?.text).toContain(
      '9 of 10 events',
    );
    expect(all.find((mail) => mail.to === admin.email && /90%/.test(mail.subject))?.subject).toContain(
      '已使用',
    );
    expect(all.some((mail) => mail.to === member.email)).toBe(false);
  });

  it('sends each notice once even when many events are counted at once', async () => {
    const { id, periodStart } = await workspace('Busy');
    await Promise.all(Array.from({ length: 20 }, () => count(id, periodStart, 1)));
    await waitFor(async () => (await mailsAbout(/Busy has used 100%/)).length >= 1, {
      what: 'the 100 % notice',
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const level of [50, 90, 100]) {
      const subject = new RegExp(`Busy has used ${level}%`);
      const sent = (await mailsAbout(subject)).filter((mail) => mail.to === owner.email);
      expect(sent.length).toBe(1);
    }
  });
});
