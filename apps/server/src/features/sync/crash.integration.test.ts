import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, backfill, source, usage } from '../../db/schema.ts';
import { beginBackfill } from '../sources/backfill/begin-backfill.ts';
import { kill9, startCluster, type Cluster } from '../../testing/process-cluster.ts';
import { seedSyncedWorkspace, type SyncedWorkspace } from '../../testing/sync.ts';
import { testEngine } from '../../testing/test-app.ts';
import { waitFor } from '../../testing/wait.ts';

/**
 * Crashes of real processes: the web process and the worker run as `npm run server` and
 * `npm run worker` would, on one PostgreSQL (PGlite is one process by construction), against the
 * Stripe and HubSpot stand-ins of this test process. `kill -9` at any moment must lose nothing
 * and duplicate nothing.
 */
describe.runIf(testEngine() === 'postgres')('sync across crashes (kill -9)', () => {
  let cluster: Cluster;
  let world: SyncedWorkspace;
  beforeAll(async () => {
    cluster = await startCluster();
    world = cluster.worlds[0] as SyncedWorkspace;
  }, 120_000);
  afterAll(() => cluster?.stop());

  /** Every event synced exactly once: one successful activity each, one contact and one deal per pair. */
  const expectExactlyOnce = async (events: Stripe.Event[]) => {
    await cluster.waitAllSynced(events, 90_000);
    const objectIds = events.map((event) => (event.data.object as { id: string }).id);
    const emails = events.map((event) => (event.data.object as { email?: string }).email);
    expect(cluster.recordsOf(world, 'contacts', 'email', emails)).toHaveLength(events.length / 2);
    expect(cluster.recordsOf(world, 'deals', 'billbridge_stripe_id', objectIds)).toHaveLength(
      events.length / 2,
    );
  };

  it(
    'loses and duplicates nothing when the worker is killed mid-round, again and again',
    { timeout: 240_000 },
    async () => {
      const server = await cluster.startServer();
      let worker = cluster.spawnEntry('worker');
      const events: Stripe.Event[] = [];
      for (let round = 0; round < 4; round++) {
        for (let i = 0; i < 40; i++) events.push(...cluster.pairOfEvents());
        const calls = cluster.sandbox.hubspotState.requestLog(world.portalId).length;
        const answers = Promise.all(events.slice(-80).map((event) => cluster.deliver(server.url, event)));
        // Kill the worker while it writes: as soon as HubSpot has answered a call of this batch.
        // (The drain the killed worker held is taken up again once its heartbeat lapses.)
        await waitFor(() => cluster.sandbox.hubspotState.requestLog(world.portalId).length > calls, {
          what: 'HubSpot calls',
          timeoutMs: 60_000,
        });
        await kill9(worker);
        expect((await answers).every(Boolean)).toBe(true);
        worker = cluster.spawnEntry('worker');
      }
      await expectExactlyOnce(events);
      const [counted] = await cluster.context.database.db
        .select()
        .from(usage)
        .where(eq(usage.subscriptionId, world.subscriptionId));
      expect(counted?.events).toBe(events.length);
      await kill9(worker);
      await kill9(server);
    },
  );

  it(
    'syncs every webhook it answered 2xx for when the web process is killed mid-request',
    { timeout: 180_000 },
    async () => {
      let server = await cluster.startServer();
      const worker = cluster.spawnEntry('worker');
      const events: Stripe.Event[] = [];
      for (let i = 0; i < 100; i++) events.push(...cluster.pairOfEvents());
      const pending = events.map((event) => cluster.deliver(server.url, event));
      await new Promise((resolve) => setTimeout(resolve, 150));
      await kill9(server);
      const answered = await Promise.all(pending);
      // Stripe retries what was not acknowledged; a retry of what was stored is a duplicate, dropped.
      server = await cluster.startServer();
      for (const [index, event] of events.entries()) {
        if (!answered[index]) expect(await cluster.deliver(server.url, event)).toBe(true);
      }
      await expectExactlyOnce(events);
      await kill9(worker);
      await kill9(server);
    },
  );

  it(
    'resumes a backfill whose worker was killed halfway, and ends with exactly the source’s objects',
    { timeout: 180_000 },
    async () => {
      const into = await seedSyncedWorkspace(cluster.testApp);
      const emails = Array.from({ length: 450 }, (_, n) => `killed${n}@example.com`);
      for (const email of emails) cluster.sandbox.stripeState.createCustomer(into.account, { email });
      // Slow pages, so the kill lands between two of them.
      const slow = cluster.sandbox.faults.add({
        service: 'stripe',
        method: 'GET',
        path: '/v1/customers',
        latencyMs: 400,
      });
      const [row] = await cluster.context.database.db
        .select()
        .from(source)
        .where(eq(source.id, into.sourceId));
      if (!row) throw new Error('the seeded source is missing');
      const { id } = await cluster.context.database.db.transaction((tx) =>
        beginBackfill(cluster.context, tx, row),
      );
      const progress = async () =>
        (await cluster.context.database.db.select().from(backfill).where(eq(backfill.id, id)))[0];

      let worker = cluster.spawnEntry('worker');
      await waitFor(async () => ((await progress())?.counts.customers ?? 0) >= 200, {
        what: 'the import halfway',
        timeoutMs: 60_000,
      });
      await kill9(worker);
      expect(await progress()).toMatchObject({ status: 'running', cursor: { kind: 'customers' } });
      worker = cluster.spawnEntry('worker');
      await waitFor(async () => (await progress())?.status === 'done', {
        what: 'the import to finish',
        timeoutMs: 90_000,
      });
      cluster.sandbox.faults.remove(slow);
      expect((await progress())?.counts.customers).toBe(450);
      await waitFor(
        async () => {
          const rows = await cluster.context.database.db
            .select({ status: activity.status })
            .from(activity)
            .where(eq(activity.subscriptionId, into.subscriptionId));
          return rows.length === 450 && rows.every((item) => item.status === 'success');
        },
        { what: 'every imported customer synced', timeoutMs: 90_000 },
      );
      const contacts = cluster.sandbox.hubspotState.records(into.portalId, 'contacts');
      expect(contacts.map((record) => record.properties.email).sort()).toEqual([...emails].sort());
      await kill9(worker);
    },
  );

  it(
    'loses nothing through a minute of 429s, never making more than 110 calls in any 10 s, with two worker processes',
    { timeout: 300_000 },
    async () => {
      const server = await cluster.startServer();
      const workers = [cluster.spawnEntry('worker'), cluster.spawnEntry('worker')];
      const sharing = [
        world,
        ...(await Promise.all(
          [1, 2, 3].map(() => seedSyncedWorkspace(cluster.testApp, { portalId: world.portalId })),
        )),
      ];
      const from = Date.now();
      const fault = cluster.sandbox.faults.add({ service: 'hubspot', path: '/crm/*', status: 429 });
      const events: Stripe.Event[] = [];
      while (Date.now() - from < 60_000) {
        const batch = sharing.flatMap((into) => cluster.pairOfEvents(into));
        events.push(...batch);
        expect(
          (await Promise.all(batch.map((event) => cluster.deliver(server.url, event)))).every(Boolean),
        ).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      cluster.sandbox.faults.remove(fault);
      await expectExactlyOnce(events);
      const times = cluster.sandbox.hubspotState
        .requestLog(world.portalId)
        .map((entry) => Date.parse(entry.at))
        .filter((at) => at >= from)
        .sort((a, b) => a - b);
      let busiest = 0;
      for (let first = 0, last = 0; last < times.length; last++) {
        while ((times[last] ?? 0) - (times[first] ?? 0) >= 10_000) first++;
        busiest = Math.max(busiest, last - first + 1);
      }
      expect(busiest).toBeLessThanOrEqual(110);
      for (const worker of workers) await kill9(worker);
      await kill9(server);
    },
  );
});
