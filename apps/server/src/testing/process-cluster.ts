import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Sandbox } from '@billbridge/sandbox';
import type { AppContext } from '../context.ts';
import { activity } from '../db/schema.ts';
import { buildServerHttpApp } from '../main/http-app.ts';
import { createLogger } from '../logger.ts';
import { bootstrap } from '../main/bootstrap.ts';
import { billingSubscriptionOf, seedSyncedWorkspace, stripeEventOf, type SyncedWorkspace } from './sync.ts';
import { createPostgresDatabase, testConfig, testSecret } from './test-app.ts';
import { freePort } from './free-port.ts';
import { startPgBouncer } from './pgbouncer.ts';
import { waitFor } from './wait.ts';

export { freePort };

/**
 * Production processes on one PostgreSQL, as an operator runs them: the compiled `npm run server`
 * and `npm run worker` entries (built here by `npm run build:server`), against the Stripe and
 * HubSpot stand-ins of the test process, configured by environment alone.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type RealProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };
export type WebProcess = RealProcess & { port: number; url: string };

/** Waits until the process on `port` answers /readyz 200. */
export const waitReady = (port: number) =>
  waitFor(
    () =>
      fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      ),
    {
      what: `the process on port ${port} ready`,
      timeoutMs: 60_000,
    },
  );

/**
 * The environment of a production entry (`server` or `worker`) that shares this process's database,
 * secret and Stripe and HubSpot stand-ins: configured by environment alone, as an operator does.
 */
export const processEnv = (context: AppContext, databaseUrl: string, dataDir: string): NodeJS.ProcessEnv => {
  const sandbox = context.providers.sandbox as Sandbox;
  const stripe = context.providers.stripe;
  return {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
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
};

/** Builds the compiled entries (`npm run build:server`) the real processes run. */
export const buildServerEntries = (): void => {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root });
};

/** Starts a compiled entry of `apps/server/dist/main` with `env`, keeping its output. */
export const spawnProcess = (entry: 'server' | 'worker', env: NodeJS.ProcessEnv): RealProcess => {
  const child = spawn(process.execPath, [path.join(root, `apps/server/dist/main/${entry}.js`)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
};

/**
 * `webThroughPgBouncer`: the web processes reach PostgreSQL through PgBouncer in transaction mode
 * (`DATABASE_POOLER=transaction`, 6 server connections for them all), the workers directly, as an
 * operator behind a managed database's pooler runs them (decision 060).
 */
export const startCluster = async ({ workspaces = 1, webThroughPgBouncer = false } = {}) => {
  buildServerEntries();
  const postgres = await createPostgresDatabase();
  const bouncer = webThroughPgBouncer ? await startPgBouncer(postgres.url, 6) : undefined;
  const webEnv: NodeJS.ProcessEnv = bouncer
    ? { DATABASE_URL: bouncer.urlOf(postgres.url), DATABASE_POOLER: 'transaction' }
    : {};
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bb-cluster-'));
  const config = testConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    SANDBOX: 'true',
    UNSAFE_ALLOW_SANDBOX: 'true',
  });
  const running = await bootstrap(config, createLogger(config), { databaseUrl: postgres.url });
  const context: AppContext = running.context;
  const sandbox = context.providers.sandbox as Sandbox;
  const app = await buildServerHttpApp(context);
  const testApp = { app, context, config, close: () => app.close() };
  const worlds: SyncedWorkspace[] = [];
  for (let n = 0; n < workspaces; n++) worlds.push(await seedSyncedWorkspace(testApp));
  const env = processEnv(context, postgres.url, dataDir);
  const children: ChildProcess[] = [];

  const spawnEntry = (entry: 'server' | 'worker', extra: NodeJS.ProcessEnv = {}): RealProcess => {
    const started = spawnProcess(entry, { ...env, ...extra });
    children.push(started.child);
    return started;
  };

  const startServer = async (extra: NodeJS.ProcessEnv = {}): Promise<WebProcess> => {
    const port = await freePort();
    const web = spawnEntry('server', { PORT: String(port), ...webEnv, ...extra });
    await waitReady(port).catch((error: unknown) => {
      // What the process said is what tells why it never got ready.
      throw new Error(`${String(error)}; its output:\n${web.output().slice(-4_000)}`, { cause: error });
    });
    return { ...web, port, url: `http://127.0.0.1:${port}/webhooks/stripe` };
  };

  let counter = 0;
  /** A customer created in the Stripe stand-in and its `customer.created` webhook. */
  const customerEvent = (into: SyncedWorkspace = worlds[0] as SyncedWorkspace) => {
    counter += 1;
    const email = `cluster${counter}@example.com`;
    const customer = sandbox.stripeState.createCustomer(into.account, { email }).id;
    return stripeEventOf({
      account: into.account,
      type: 'customer.created',
      object: { id: customer, object: 'customer', email },
    });
  };
  /** A customer and a billing subscription of it, as two signed webhooks. */
  const pairOfEvents = (into: SyncedWorkspace = worlds[0] as SyncedWorkspace) => {
    const created = customerEvent(into);
    const customer = (created.data.object as { id: string }).id;
    return [
      created,
      stripeEventOf({
        account: into.account,
        type: 'customer.subscription.created',
        object: billingSubscriptionOf(`sub_${customer}`, customer),
      }),
    ];
  };

  /** Posts like Stripe: true when answered 2xx, false when refused, cut or not 2xx. */
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

  /** Waits until every event has one successful activity row; returns the rows. */
  const waitAllSynced = async (events: Stripe.Event[], timeoutMs = 120_000) => {
    const ids = events.map((event) => event.id);
    return waitFor(
      async () => {
        const rows = await context.database.db.select().from(activity).where(inArray(activity.eventId, ids));
        return rows.length === ids.length && rows.every((row) => row.status === 'success') && rows;
      },
      { what: 'every event synced', timeoutMs },
    );
  };

  /** HubSpot records of `type` in `world`'s portal whose `property` is one of `values`. */
  const recordsOf = (world: SyncedWorkspace, type: string, property: string, values: unknown[]) =>
    sandbox.hubspotState
      .records(world.portalId, type)
      .filter((record) => values.includes(record.properties[property]));

  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await testApp.close();
    await running.close();
    await bouncer?.stop();
    await postgres.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  return {
    context,
    /** The web processes' pooler, in a cluster started with `webThroughPgBouncer`. */
    bouncer,
    postgres,
    sandbox,
    testApp,
    worlds,
    env,
    spawnEntry,
    startServer,
    customerEvent,
    pairOfEvents,
    deliver,
    waitAllSynced,
    recordsOf,
    stop,
  };
};

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** Sends SIGTERM and resolves with the exit code and the milliseconds it took to exit. */
export const terminate = async (process: RealProcess): Promise<{ code: number | null; ms: number }> => {
  const started = Date.now();
  process.child.kill('SIGTERM');
  const code = await process.exited;
  return { code, ms: Date.now() - started };
};

/** Kills the process as a crash would (SIGKILL) and resolves once it is gone. */
export const kill9 = async (process: RealProcess): Promise<void> => {
  process.child.kill('SIGKILL');
  await process.exited;
};
