import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeEvent, subscription } from '../../../db/schema.ts';
import { seedSyncedWorkspace, stripeEventOf } from '../../../testing/sync.ts';
import { createTestApp, testEngine, type TestApp } from '../../../testing/test-app.ts';
import { waitFor } from '../../../testing/wait.ts';
import { ingestStripeEvent } from '../../inbox/ingest.ts';
import { releaseHeldEvents } from '../../inbox/replay/replay.ts';
import { gateWorkspaces, type Gated } from './gate.ts';

/** Two transactions at once need two connections: PGlite has one. */
describe.runIf(testEngine() === 'postgres')('the gate beside a release of held events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const waitingOnALock = async () => {
    const { database } = t.context;
    if (database.engine !== 'postgres') throw new Error('postgres only');
    const { rows } = await database.pool.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return (rows[0]?.waiting ?? 0) > 0;
  };

  it('does not hold an event of a capped workspace whose upgrade commits while it gates', async () => {
    const { subscriptionId, account } = await seedSyncedWorkspace(t, { planId: 'free' });
    const { db } = t.context.database;
    await db.update(subscription).set({ status: 'capped' }).where(eq(subscription.id, subscriptionId));
    const event = stripeEventOf({ account });
    await ingestStripeEvent(t.context, event);

    let gating: Promise<Gated | undefined> | undefined;
    let gated = false;
    await db.transaction(async (tx) => {
      await tx
        .update(subscription)
        .set({ planId: 'pro', status: 'active' })
        .where(eq(subscription.id, subscriptionId));
      // The upgrade's release looks before the gate has held anything.
      expect(await releaseHeldEvents(t.context, tx, subscriptionId)).toBe(0);
      gating = gateWorkspaces(t.context, db, [subscriptionId])
        .then((each) => each.get(subscriptionId))
        .finally(() => (gated = true));
      await waitFor(async () => gated || (await waitingOnALock()), { what: 'the gate to wait or end' });
    });

    expect((await gating)?.events.map((row) => row.eventId)).toEqual([event.id]);
    const [row] = await db.select().from(stripeEvent).where(eq(stripeEvent.eventId, event.id));
    expect(row?.state).toBe('ready');
  });
});
