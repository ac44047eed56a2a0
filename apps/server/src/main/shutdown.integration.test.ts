import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startCluster, terminate, type Cluster } from '../testing/process-cluster.ts';
import { testEngine } from '../testing/test-app.ts';
import { waitFor } from '../testing/wait.ts';

/**
 * SIGTERM under load, to real compiled processes on PostgreSQL: a web process stops accepting,
 * answers what it took and exits within 10 s; a worker finishes or releases its jobs. What Stripe
 * was refused it delivers again (to the other web process): every event synced exactly once.
 */
describe.runIf(testEngine() === 'postgres')('graceful shutdown (SIGTERM)', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster();
  }, 120_000);
  afterAll(() => cluster?.stop());

  const expectSyncedOnce = async (events: Stripe.Event[]) => {
    await cluster.waitAllSynced(events);
    const world = cluster.worlds[0];
    if (!world) throw new Error('no workspace');
    const emails = events.map((event) => (event.data.object as { email?: string }).email).filter(Boolean);
    const ids = events.map((event) => (event.data.object as { id: string }).id);
    expect(cluster.recordsOf(world, 'contacts', 'email', emails)).toHaveLength(events.length / 2);
    expect(cluster.recordsOf(world, 'deals', 'billbridge_stripe_id', ids)).toHaveLength(events.length / 2);
  };

  it('a web process finishes what it accepted and exits within 10 s; nothing is lost or synced twice', async () => {
    const worker = cluster.spawnEntry('worker');
    const [leaving, staying] = await Promise.all([cluster.startServer(), cluster.startServer()]);
    if (!leaving || !staying) throw new Error('no web process');
    const events = Array.from({ length: 150 }, () => cluster.pairOfEvents()).flat();
    const answered = new Map<string, boolean>();
    let next = 0;
    // 20 deliveries at a time, like Stripe's concurrent attempts, until every event was tried once.
    const stream = async () => {
      for (let event = events[next++]; event; event = events[next++]) {
        answered.set(event.id, await cluster.deliver(leaving.url, event));
      }
    };
    const streams = Promise.all(Array.from({ length: 20 }, stream));
    await waitFor(() => answered.size >= 60, { what: '60 answers', timeoutMs: 60_000 });
    const { code, ms } = await terminate(leaving);
    await streams;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(leaving.output()).toContain('shutting down');
    const refused = events.filter((event) => !answered.get(event.id));
    expect(refused.length).toBeGreaterThan(0);
    for (const event of refused) expect(await cluster.deliver(staying.url, event)).toBe(true);
    await expectSyncedOnce(events);
    await Promise.all([terminate(staying), terminate(worker)]);
  }, 240_000);

  it('a worker stops mid-work within 10 s; another takes over; every event synced exactly once', async () => {
    const web = await cluster.startServer();
    // This worker also answers /metrics (METRICS_TOKEN set): its HubSpot calls are counted there.
    const [metricsPort, metricsToken] = [await freePort(), 'Wq7Zr2Lp9Xv4Tn1Ks6Bd3Hf8Jm5Gc0Ya'];
    const first = cluster.spawnEntry('worker', { PORT: String(metricsPort), METRICS_TOKEN: metricsToken });
    const events = Array.from({ length: 80 }, () => cluster.pairOfEvents()).flat();
    const world = cluster.worlds[0];
    if (!world) throw new Error('no workspace');
    const calls = cluster.sandbox.hubspotState.requestLog(world.portalId).length;
    expect((await Promise.all(events.map((event) => cluster.deliver(web.url, event)))).every(Boolean)).toBe(
      true,
    );
    await waitFor(() => cluster.sandbox.hubspotState.requestLog(world.portalId).length > calls, {
      what: 'HubSpot calls',
      timeoutMs: 60_000,
    });
    // The worker takes jobs before its /metrics port opens (it listens once its start is done:
    // every queue defined, waiting drains queued), so a first scrape may be refused.
    const counted = new RegExp(`^billbridge_hubspot_calls_total\\{portal="${world.portalId}"\\} [1-9]`, 'm');
    const scrape = () =>
      fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      })
        .then((response) => response.text())
        .catch(() => '');
    await waitFor(async () => counted.test(await scrape()), {
      what: 'the worker’s HubSpot calls on /metrics',
    });
    const { code, ms } = await terminate(first);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(first.output()).toContain('shutting down');
    const second = cluster.spawnEntry('worker');
    await expectSyncedOnce(events);
    await Promise.all([terminate(second), terminate(web)]);
  }, 240_000);
});
