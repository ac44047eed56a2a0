import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '@billbridge/sandbox';
import type { AppContext } from '../../context.ts';
import { activity, backfill, source, usage } from '../../db/schema.ts';
import { beginBackfill } from '../backfill/begin-backfill.ts';
import { buildHttpApp } from '../../http/app.ts';
import { createLogger } from '../../logger.ts';
import { bootstrap, type Running } from '../../main/bootstrap.ts';
import {
  billingSubscriptionOf,
  seedSyncedWorkspace,
  stripeEventOf,
  type SyncedWorkspace,
} from '../../testing/sync.ts';
import {
  createPostgresDatabase,
  testConfig,
  testEngine,
  testSecret,
  type TestApp,
} from '../../testing/test-app.ts';
import { waitFor } from '../../testing/wait.ts';

/**
 * Crashes of real processes: the web process and the worker run as `npm run server` and
 * `npm run worker` would, on one PostgreSQL (PGlite is one process by construction), against the
 * Stripe and HubSpot stand-ins of this test process. `kill -9` at any moment must lose nothing
 * and duplicate nothing.
 */
const mainDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../main');

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe.runIf(testEngine() === 'postgres')('sync across crashes (kill -9)', () => {
  let running: Running;
  let context: AppContext;
  let sandbox: Sandbox;
  let world: SyncedWorkspace;
  let dropDatabase: () => Promise<void>;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let testApp: TestApp;
  const children: ChildProcess[] = [];

  const spawnEntry = (entry: 'server' | 'worker', extra: NodeJS.ProcessEnv = {}) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(mainDir, `${entry}.ts`)], {
      env: { ...env, ...extra },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    return child;
  };
  const kill9 = async (child: ChildProcess) => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  const startServer = async () => {
    const port = await freePort();
    const child = spawnEntry('server', { PORT: String(port) });
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      {
        what: 'the web process ready',
        timeoutMs: 30_000,
      },
    );
    return { child, url: `http://127.0.0.1:${port}/webhooks/stripe` };
  };

  beforeAll(async () => {
    const postgres = await createPostgresDatabase();
    dropDatabase = postgres.drop;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'bb-crash-'));
    const config = testConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      SANDBOX: 'true',
      UNSAFE_ALLOW_SANDBOX: 'true',
    });
    running = await bootstrap(config, createLogger(config), { databaseUrl: postgres.url });
    context = running.context;
    sandbox = context.providers.sandbox as Sandbox;
    const app = await buildHttpApp(context);
    testApp = { app, context, config, close: () => app.close() };
    world = await seedSyncedWorkspace(testApp);
    const stripe = context.providers.stripe;
    env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: postgres.url,
      SECRET: testSecret,
      SANDBOX: 'true',
      UNSAFE_ALLOW_SANDBOX: 'true',
      DATA_DIR: dataDir,
      WORKER_CONCURRENCY: '2',
      STRIPE_SECRET_KEY: stripe?.secretKey,
      STRIPE_CLIENT_ID: stripe?.clientId,
      STRIPE_WEBHOOK_SECRET: stripe?.webhookSecret,
      STRIPE_API_URL: sandbox.stripe.url,
      STRIPE_CONNECT_URL: sandbox.stripe.url,
      HUBSPOT_CLIENT_ID: sandbox.hubspot.clientId,
      HUBSPOT_CLIENT_SECRET: sandbox.hubspot.clientSecret,
      HUBSPOT_API_URL: sandbox.hubspot.url,
      HUBSPOT_AUTHORIZE_URL: `${sandbox.hubspot.url}/oauth/authorize`,
    };
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await testApp.close();
    await running.close();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });

  let counter = 0;
  /** A customer and a billing subscription of it, as two signed webhooks. */
  /** (The customer exists in the Stripe stand-in too: a subscription synced first reads it from there.) */
  const pairOfEvents = (into: SyncedWorkspace = world) => {
    counter += 1;
    const customer = sandbox.stripeState.createCustomer(into.account, {
      email: `crash${counter}@example.com`,
    }).id;
    return [
      stripeEventOf({
        account: into.account,
        type: 'customer.created',
        object: { id: customer, object: 'customer', email: `crash${counter}@example.com` },
      }),
      stripeEventOf({
        account: into.account,
        type: 'customer.subscription.created',
        object: billingSubscriptionOf(`sub_crash${counter}`, customer),
      }),
    ];
  };
  /** Posts like Stripe: true when answered 2xx, false when the connection died or the answer was not 2xx. */
  const deliver = async (url: string, event: Stripe.Event): Promise<boolean> => {
    const body = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: env.STRIPE_WEBHOOK_SECRET ?? '',
    });
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
      return response.ok;
    } catch {
      return false;
    }
  };
  /** Every event synced exactly once: one successful activity each, one contact and one deal per pair. */
  const expectExactlyOnce = async (events: Stripe.Event[]) => {
    const ids = events.map((event) => event.id);
    await waitFor(
      async () => {
        const rows = await context.database.db.select().from(activity).where(inArray(activity.eventId, ids));
        return rows.length === ids.length && rows.every((row) => row.status === 'success');
      },
      { what: 'every event synced', timeoutMs: 90_000 },
    );
    const objectIds = events.map((event) => (event.data.object as { id: string }).id);
    const emails = events.map((event) => (event.data.object as { email?: string }).email);
    const contacts = sandbox.hubspotState
      .records(world.portalId, 'contacts')
      .filter((record) => emails.includes(String(record.properties.email)));
    const deals = sandbox.hubspotState
      .records(world.portalId, 'deals')
      .filter((record) => objectIds.includes(String(record.properties.billbridge_stripe_id)));
    expect(contacts).toHaveLength(events.length / 2);
    expect(deals).toHaveLength(events.length / 2);
  };

  it(
    'loses and duplicates nothing when the worker is killed mid-round, again and again',
    { timeout: 240_000 },
    async () => {
      const server = await startServer();
      let worker = spawnEntry('worker');
      const events: Stripe.Event[] = [];
      for (let round = 0; round < 4; round++) {
        for (let i = 0; i < 40; i++) events.push(...pairOfEvents());
        const calls = sandbox.hubspotState.requestLog(world.portalId).length;
        const answers = Promise.all(events.slice(-80).map((event) => deliver(server.url, event)));
        // Kill the worker while it writes: as soon as HubSpot has answered a call of this batch.
        // (The drain the killed worker held is taken up again once its heartbeat lapses.)
        await waitFor(() => sandbox.hubspotState.requestLog(world.portalId).length > calls, {
          what: 'HubSpot calls',
          timeoutMs: 60_000,
        });
        await kill9(worker);
        expect((await answers).every(Boolean)).toBe(true);
        worker = spawnEntry('worker');
      }
      await expectExactlyOnce(events);
      const [counted] = await context.database.db
        .select()
        .from(usage)
        .where(eq(usage.subscriptionId, world.subscriptionId));
      expect(counted?.events).toBe(events.length);
      await kill9(worker);
      await kill9(server.child);
    },
  );

  it(
    'syncs every webhook it answered 2xx for when the web process is killed mid-request',
    { timeout: 180_000 },
    async () => {
      let server = await startServer();
      const worker = spawnEntry('worker');
      const events: Stripe.Event[] = [];
      for (let i = 0; i < 100; i++) events.push(...pairOfEvents());
      const pending = events.map((event) => deliver(server.url, event));
      await new Promise((resolve) => setTimeout(resolve, 150));
      await kill9(server.child);
      const answered = await Promise.all(pending);
      // Stripe retries what was not acknowledged; a retry of what was stored is a duplicate, dropped.
      server = await startServer();
      for (const [index, event] of events.entries()) {
        if (!answered[index]) expect(await deliver(server.url, event)).toBe(true);
      }
      await expectExactlyOnce(events);
      await kill9(worker);
      await kill9(server.child);
    },
  );

  it(
    'resumes a backfill whose worker was killed halfway, and ends with exactly the source’s objects',
    { timeout: 180_000 },
    async () => {
      const into = await seedSyncedWorkspace(testApp);
      const emails = Array.from({ length: 450 }, (_, n) => `killed${n}@example.com`);
      for (const email of emails) sandbox.stripeState.createCustomer(into.account, { email });
      // Slow pages, so the kill lands between two of them.
      const slow = sandbox.faults.add({
        service: 'stripe',
        method: 'GET',
        path: '/v1/customers',
        latencyMs: 400,
      });
      const [row] = await context.database.db.select().from(source).where(eq(source.id, into.sourceId));
      if (!row) throw new Error('the seeded source is missing');
      const { id } = await context.database.db.transaction((tx) => beginBackfill(context, tx, row));
      const progress = async () =>
        (await context.database.db.select().from(backfill).where(eq(backfill.id, id)))[0];

      let worker = spawnEntry('worker');
      await waitFor(async () => ((await progress())?.counts.customers ?? 0) >= 200, {
        what: 'the import halfway',
        timeoutMs: 60_000,
      });
      await kill9(worker);
      expect(await progress()).toMatchObject({ status: 'running', cursor: { kind: 'customers' } });
      worker = spawnEntry('worker');
      await waitFor(async () => (await progress())?.status === 'done', {
        what: 'the import to finish',
        timeoutMs: 90_000,
      });
      sandbox.faults.remove(slow);
      expect((await progress())?.counts.customers).toBe(450);
      await waitFor(
        async () => {
          const rows = await context.database.db
            .select({ status: activity.status })
            .from(activity)
            .where(eq(activity.subscriptionId, into.subscriptionId));
          return rows.length === 450 && rows.every((item) => item.status === 'success');
        },
        { what: 'every imported customer synced', timeoutMs: 90_000 },
      );
      const contacts = sandbox.hubspotState.records(into.portalId, 'contacts');
      expect(contacts.map((record) => record.properties.email).sort()).toEqual([...emails].sort());
      await kill9(worker);
    },
  );

  it(
    'loses nothing through a minute of 429s, never making more than 110 calls in any 10 s, with two worker processes',
    { timeout: 300_000 },
    async () => {
      const server = await startServer();
      const workers = [spawnEntry('worker'), spawnEntry('worker')];
      const sharing = [
        world,
        ...(await Promise.all(
          [1, 2, 3].map(() => seedSyncedWorkspace(testApp, { portalId: world.portalId })),
        )),
      ];
      const from = Date.now();
      const fault = sandbox.faults.add({ service: 'hubspot', path: '/crm/*', status: 429 });
      const events: Stripe.Event[] = [];
      while (Date.now() - from < 60_000) {
        const batch = sharing.flatMap((into) => pairOfEvents(into));
        events.push(...batch);
        expect((await Promise.all(batch.map((event) => deliver(server.url, event)))).every(Boolean)).toBe(
          true,
        );
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      sandbox.faults.remove(fault);
      await expectExactlyOnce(events);
      const times = sandbox.hubspotState
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
      await kill9(server.child);
    },
  );
});
