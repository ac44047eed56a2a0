/**
 * What the sync benchmarks share: the app on a fresh PostgreSQL database (TEST_DATABASE_URL,
 * default the local server) with the stand-ins, HubSpot's limits on, listening on a real port;
 * signed webhooks posted the way Stripe does; waiting for their activities to settle.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import Stripe from 'stripe';
import type { Sandbox } from '@billbridge/sandbox';
import type { AppContext } from '../apps/server/src/context.ts';
import { peakResidentMb, residentMb } from './memory-samples.ts';
import {
  activity,
  destination,
  hubspotPortalFact,
  membership,
  source,
  subscription,
  user,
} from '../apps/server/src/db/schema.ts';
import { buildServerHttpApp } from '../apps/server/src/main/http-app.ts';
import { startWorker } from '../apps/server/src/main/start-worker.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { bootstrap } from '../apps/server/src/main/bootstrap.ts';
import {
  billingSubscriptionOf,
  destinationRow,
  ruleOf,
  schemaScopes,
  seedDestination,
  seedSource,
  sourceRow,
  stripeEventOf,
} from '../apps/server/src/testing/sync.ts';
import { seedWorkspace, workspaceRows } from '../apps/server/src/testing/workspaces.ts';
import { createPostgresDatabase, testConfig, type TestApp } from '../apps/server/src/testing/test-app.ts';
import {
  buildServerEntries,
  freePort,
  processEnv,
  spawnProcess,
  type RealProcess,
} from '../apps/server/src/testing/process-cluster.ts';
import { waitFor } from '../apps/server/src/testing/wait.ts';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * The peak resident memory of this process and of `others()` (a worker apart), sampled every
 * 500 ms from now until `stop`: a figure read once at the end would miss the peak.
 */
export const samplePeakRss = (others: () => (number | undefined)[] = () => []) => {
  const peaks = { self: 0, others: 0 };
  const sample = () => {
    peaks.self = Math.max(peaks.self, Math.round(process.memoryUsage.rss() / 2 ** 20));
    const apart = others().map((pid) => residentMb(pid) ?? 0);
    peaks.others = Math.max(
      peaks.others,
      apart.reduce((sum, mb) => sum + mb, 0),
    );
  };
  sample();
  const timer = setInterval(sample, 500);
  const stop = () => {
    clearInterval(timer);
    sample();
    return peaks;
  };
  /** The peaks so far, sampling on. */
  stop.now = () => ({ ...peaks });
  return stop;
};

/**
 * Counts the statements this process sends to PostgreSQL: every `pg` client's `query` (Drizzle's,
 * pg-boss's and the advisory locks' all go through it), read as a delta between two calls of `count`.
 * A driver-level count: what a pooler or `pg_stat_statements` would see from this process.
 */
export const countStatements = () => {
  let sent = 0;
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    sent += 1;
    return query.apply(this, args);
  };
  return () => sent;
};

/** Most requests in any 10 s window among `times` (epoch ms). */
export const busiest10sOf = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  let busiest = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while ((sorted[j] ?? 0) - (sorted[i] ?? 0) >= 10_000) i++;
    busiest = Math.max(busiest, j - i + 1);
  }
  return busiest;
};

/**
 * BENCH_FEATURES=all: the destination makes companies from e-mail domains (with their revenue
 * properties) and tasks for failed payments, and the bench's customers are on business domains.
 * Revenue properties on contacts and payment notes are on either way: the bench's portal grants
 * the contact schema scope, and a source syncs payments unless switched off.
 */
export const allFeatures = process.env.BENCH_FEATURES === 'all';

/** The optional scopes the bench's portal grants: the company ones too with every feature on. */
export const benchScopes = allFeatures
  ? [
      ...schemaScopes,
      'crm.objects.companies.read',
      'crm.objects.companies.write',
      'crm.schemas.companies.write',
    ]
  : schemaScopes;

/** Companies from e-mail domains and tasks for failed payments on, where BENCH_FEATURES asks. */
export const turnOnFeatures = async (t: TestApp, destinationId: string): Promise<void> => {
  if (!allFeatures) return;
  const { db } = t.context.database;
  const [row] = await db.select().from(destination).where(eq(destination.id, destinationId));
  await db
    .update(destination)
    .set({ settings: { ...row?.settings, companies_from_domains: true, tasks_on_failed_payment: true } })
    .where(eq(destination.id, destinationId));
};

/** A bench customer's address: on one of 50 business domains (companies) with every feature on. */
export const benchEmail = (customerId: string, n: number): string =>
  allFeatures ? `${customerId}@org${n % 50}.example` : `${customerId}@example.com`;

/**
 * BENCH_WORKER=process runs the jobs in the compiled `npm run worker` entry, beside the web app as
 * an operator deploys them, instead of in this process, which also holds the stand-ins and the load.
 * BENCH_WEB=process also receives the webhooks in the compiled `npm run server` entry: then the
 * product's memory and statements are those processes' alone.
 */
const workerApart = process.env.BENCH_WORKER === 'process';
const webApart = process.env.BENCH_WEB === 'process';

/** The preload (plain JavaScript, run by `node` alone) that counts a process apart's statements (`count-statements.mjs`). */
const statementCounter = new URL('./count-statements.mjs', import.meta.url).href;

/**
 * Ports for the processes apart: from BENCH_PORT up (the web, then each one's statement count),
 * else any free ones.
 */
const portsFrom = (base = Number(process.env.BENCH_PORT)) => {
  let next = 0;
  return async () => (base ? base + next++ : freePort());
};
const nextPort = portsFrom();

/** A product entry apart, counting its statements on a port of its own. */
type Apart = { name: string; pid: number | undefined; statementsPort: number; stop: () => Promise<void> };

/** Starts a compiled entry on the bench's database and stand-ins, its statements counted. */
const spawnCounted = async (
  entry: 'server' | 'worker',
  env: NodeJS.ProcessEnv,
): Promise<{ started: RealProcess; statementsPort: number }> => {
  const statementsPort = await nextPort();
  const started = spawnProcess(entry, {
    ...env,
    // BENCH_NODE_OPTIONS: e.g. `--heapsnapshot-signal=SIGUSR2`, to look into a process apart.
    NODE_OPTIONS: [env.NODE_OPTIONS, process.env.BENCH_NODE_OPTIONS, `--import ${statementCounter}`]
      .filter(Boolean)
      .join(' '),
    BENCH_STATEMENTS_PORT: String(statementsPort),
  });
  return { started, statementsPort };
};

const stopOf = (started: RealProcess) => async () => {
  started.child.kill('SIGTERM');
  await started.exited;
};

/** The production worker entry on the bench's database and stand-ins, once it says it runs. */
const startWorkerProcess = async (
  context: AppContext,
  databaseUrl: string,
  dataDir: string,
): Promise<Apart> => {
  buildServerEntries();
  const { started: worker, statementsPort } = await spawnCounted('worker', {
    ...processEnv(context, databaseUrl, dataDir),
    WORKER_CONCURRENCY: String(context.config.workerConcurrency),
  });
  await waitFor(
    () => {
      if (worker.child.exitCode !== null)
        throw new Error(`the worker exited: ${worker.output().slice(-4_000)}`);
      return worker.output().includes('Billbridge worker is running');
    },
    {
      what: 'the worker process running',
      // A busy shared machine has taken over a minute to start it.
      timeoutMs: 300_000,
    },
  ).catch((error: unknown) => {
    worker.child.kill('SIGKILL');
    throw new Error(`${String(error)}; its output:\n${worker.output().slice(-4_000)}`, { cause: error });
  });
  return { name: 'worker', pid: worker.child.pid, statementsPort, stop: stopOf(worker) };
};

/** The production web entry (HTTP only) on the bench's database and stand-ins, once ready. */
const startWebProcess = async (context: AppContext, databaseUrl: string, dataDir: string) => {
  buildServerEntries();
  const port = await nextPort();
  const { started: web, statementsPort } = await spawnCounted('server', {
    ...processEnv(context, databaseUrl, dataDir),
    PORT: String(port),
    LOG_LEVEL: 'warn',
  });
  // A shared machine under load has taken over a minute to start it: up to five, as the worker.
  await waitFor(
    () =>
      fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => web.child.exitCode !== null && Promise.reject(new Error('the web process exited')),
      ),
    { what: `the web process on port ${port} ready`, timeoutMs: 300_000 },
  ).catch((error: unknown) => {
    web.child.kill('SIGKILL');
    throw new Error(`${String(error)}; its output:\n${web.output().slice(-4_000)}`, { cause: error });
  });
  const apart: Apart = { name: 'web', pid: web.child.pid, statementsPort, stop: stopOf(web) };
  return { apart, port };
};

/** The statements a process apart has sent so far, by statement (its preload's `/detail`). */
const statementDetailOf = async (apart: Apart): Promise<Record<string, number>> => {
  const response = await fetch(`http://127.0.0.1:${apart.statementsPort}/detail`);
  return (await response.json()) as Record<string, number>;
};

/** The statements a process apart has sent so far (its preload's count). */
const statementsOf = async (apart: Apart): Promise<number> => {
  const response = await fetch(`http://127.0.0.1:${apart.statementsPort}/`);
  return Number(await response.text());
};

/** A workspace of the benchmark: its Stripe account and its HubSpot portal. */
export type BenchWorkspace = { subscriptionId: string; account: string; portalId: number };

const benchRules = [ruleOf('active', 'closedwon'), ruleOf('past_due', 'contractsent')];

/** The first workspace, through the product's own connect path: its portal is the others' template. */
const seedBenchWorkspace = async (t: TestApp): Promise<BenchWorkspace> => {
  const sandbox = t.context.providers.sandbox as Sandbox;
  const ownerId = randomUUID();
  await t.context.database.db
    .insert(user)
    .values({ id: ownerId, name: 'Bench 0', email: `bench-${ownerId}@example.com` });
  const subscriptionId = await seedWorkspace(t.context.database.db, ownerId, [], { planId: 'pro' });
  const account = sandbox.stripeState.createConnectedAccount().id;
  await seedSource(t.context, subscriptionId, account);
  const { portalId } = await seedDestination(t.context, subscriptionId, benchRules);
  return { subscriptionId, account, portalId };
};

/**
 * A new portal as the template's connect left it: its properties and groups copied in the
 * stand-in's memory, instead of the twenty-odd HTTP calls each (seeding, not what is measured).
 */
const portalLike = (sandbox: Sandbox, templateId: number): number => {
  const template = sandbox.hubspotState.portal(templateId);
  const portal = sandbox.hubspotState.createPortal();
  portal.properties = structuredClone(template.properties);
  portal.propertyGroups = structuredClone(template.propertyGroups);
  return portal.id;
};

/** `count` workspaces like the template's, each table's rows in one statement, in one transaction. */
const seedBenchBatch = async (t: TestApp, template: BenchWorkspace, count: number) => {
  const sandbox = t.context.providers.sandbox as Sandbox;
  const { db } = t.context.database;
  const facts = await db
    .select()
    .from(hubspotPortalFact)
    .where(eq(hubspotPortalFact.hubId, template.portalId));
  const owners = Array.from({ length: count }, () => {
    const id = randomUUID();
    return { id, name: 'Bench', email: `bench-${id}@example.com` };
  });
  const workspaces = owners.map((owner) => workspaceRows(owner.id, [], { planId: 'pro' }));
  const seeded = workspaces.map(({ workspace }) => ({
    subscriptionId: workspace.id,
    account: sandbox.stripeState.createConnectedAccount().id,
    portalId: portalLike(sandbox, template.portalId),
  }));
  await db.transaction(async (tx) => {
    await tx.insert(user).values(owners);
    await tx.insert(subscription).values(workspaces.map(({ workspace }) => workspace));
    await tx.insert(membership).values(workspaces.flatMap(({ memberships }) => memberships));
    await tx.insert(source).values(seeded.map((each) => sourceRow(each.subscriptionId, each.account)));
    await tx.insert(destination).values(
      seeded.map((each) => {
        const token = { hubId: each.portalId, ...sandbox.hubspotState.issueToken(each.portalId) };
        return destinationRow(t.context, each.subscriptionId, token, benchRules);
      }),
    );
    if (facts.length)
      await tx
        .insert(hubspotPortalFact)
        .values(seeded.flatMap((each) => facts.map((fact) => ({ ...fact, hubId: each.portalId }))));
  });
  return seeded;
};

/**
 * Seeds `count` workspaces, each with its own account and portal: the first through the product's
 * connect path, the rest like it in batches of 500 rows a statement (10,000 one by one took most of
 * an hour on a busy machine). Owners are inserted, not signed up: a thousand password hashes would
 * be most of the benchmark's time and none of what it measures.
 */
export const seedBenchWorkspaces = async (t: TestApp, count: number): Promise<BenchWorkspace[]> => {
  if (count === 0) return [];
  const template = await seedBenchWorkspace(t);
  const seeded = [template];
  while (seeded.length < count)
    seeded.push(...(await seedBenchBatch(t, template, Math.min(500, count - seeded.length))));
  return seeded;
};

/** Requests by endpoint (method and path, numeric ids as `{id}`), most first: where the calls went. */
export const callsByEndpoint = (requests: { method: string; path: string }[]): Record<string, number> => {
  const counts = new Map<string, number>();
  for (const { method, path: url } of requests) {
    const key = `${method} ${url.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
};

/**
 * A workspace's stream of events, one per call: a customer, then a billing subscription of it.
 * `tag` keeps the ids of different benches (and workspaces) apart.
 */
export const workspaceEvents = (
  post: (account: string, type: string, object: Record<string, unknown>) => Promise<string>,
  world: BenchWorkspace,
  tag: string,
) => {
  let sent = 0;
  return () => {
    sent += 1;
    const customer = `cus_${tag}x${Math.ceil(sent / 2)}`;
    return sent % 2 === 1
      ? post(world.account, 'customer.created', {
          id: customer,
          object: 'customer',
          email: `${customer}@example.com`,
        })
      : post(
          world.account,
          'customer.subscription.created',
          billingSubscriptionOf(`sub_${tag}x${sent}`, customer),
        );
  };
};

/** `port` 0 listens on any free port; `worker: false` leaves the jobs to `startWorker` or processes apart. */
export const startSyncBench = async ({ worker = true, port: listenOn = 0 } = {}) => {
  const postgres = await createPostgresDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bb-bench-sync-'));
  const config = testConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? '4',
  });
  const running = await bootstrap(config, createLogger(config), { databaseUrl: postgres.url });
  const { context } = running;
  const app = await buildServerHttpApp(context, { webDist: path.join(dataDir, 'no-web') });
  await app.listen({ port: listenOn, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const t: TestApp = { app, context, config, close: async () => undefined };
  const sandbox = context.providers.sandbox as Sandbox;
  // The stand-ins saving their state to disk is not the product's work: kept out of the figures.
  sandbox.stopSaving();
  let stopWorker: (() => void | Promise<void>) | undefined;
  /** The product's processes apart: the worker (BENCH_WORKER=process) and the web (BENCH_WEB=process). */
  const aparts: Apart[] = [];
  const secret = context.providers.stripe?.webhookSecret ?? '';
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  /** When each posted webhook was sent, by event id. */
  const sentAt = new Map<string, number>();

  /** Posts one signed webhook of `account` to `target` and remembers when it was sent; resolves with its id. */
  const postTo = (target: number) => (account: string, type: string, object: Record<string, unknown>) =>
    new Promise<string>((resolve, reject) => {
      const event = stripeEventOf({ account, type, object });
      const body = JSON.stringify(event);
      sentAt.set(event.id, Date.now());
      const request = http.request(
        {
          agent,
          host: '127.0.0.1',
          port: target,
          path: '/webhooks/stripe',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            response.statusCode === 200
              ? resolve(event.id)
              : reject(new Error(`webhook ${response.statusCode}`)),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  const web = webApart ? await startWebProcess(context, postgres.url, dataDir) : undefined;
  if (web) aparts.push(web.apart);
  const post = postTo(web?.port ?? port);

  /**
   * Waits until every event settled (or `timeoutMs` passed: the rest stay `open`); returns each
   * one's webhook-to-CRM latency and the last settle time. Each look asks only for the events still
   * open, in one array parameter, so the waiting costs the process under test little.
   */
  const settled = async (ids: string[], { timeoutMs = Infinity } = {}) => {
    const done = new Map<string, { status: string; updatedAt: Date }>();
    const deadline = Date.now() + timeoutMs;
    let open = ids;
    /** Statements of the waiting itself, for a count of the product's own to leave out. */
    let looks = 0;
    while (open.length > 0 && Date.now() < deadline) {
      looks += 1;
      // A look refused (a shared server out of connections) is only a look: the next one counts.
      const rows = await context.database.db
        .select({ eventId: activity.eventId, status: activity.status, updatedAt: activity.updatedAt })
        .from(activity)
        .where(
          and(
            sql`${activity.eventId} = any(${sql.param(open)}::text[])`,
            inArray(activity.status, ['success', 'warning', 'failure']),
          ),
        )
        .catch(() => []);
      for (const row of rows) done.set(row.eventId, row);
      open = open.filter((id) => !done.has(id));
      if (open.length > 0) await sleep(200);
    }
    const rows = ids.flatMap((id) => {
      const row = done.get(id);
      return row ? [{ eventId: id, ...row }] : [];
    });
    const latencyOf = (row: { eventId: string; updatedAt: Date }) =>
      row.updatedAt.getTime() - (sentAt.get(row.eventId) ?? 0);
    return {
      latencies: rows.map(latencyOf),
      latencyById: new Map(rows.map((row) => [row.eventId, latencyOf(row)])),
      open,
      // A loop, not `Math.max(...)`: a soak settles more events than a call may take arguments.
      lastAt: rows.reduce((last, row) => Math.max(last, row.updatedAt.getTime()), -Infinity),
      failed: rows.filter((row) => row.status === 'failure').length,
      looks,
    };
  };

  const startJobs = async () => {
    if (!workerApart) return startWorker(context);
    const apart = await startWorkerProcess(context, postgres.url, dataDir);
    aparts.push(apart);
    return apart.stop;
  };
  if (worker) stopWorker = await startJobs();
  return {
    t,
    context,
    sandbox,
    sentAt,
    post,
    postTo,
    settled,
    /** The pids of the processes apart running the product's jobs (none when they run here). */
    workerPids: () => aparts.filter((apart) => apart.name === 'worker').map((apart) => apart.pid),
    /** The pids of every process of the product apart (worker and web). */
    productPids: () => aparts.map((apart) => apart.pid),
    /** Each process apart's peak resident memory so far (the kernel's high-water mark), by name. */
    productPeaksMb: () =>
      Object.fromEntries(aparts.map((apart) => [apart.name, peakResidentMb(apart.pid) ?? 0])),
    /** Statements sent so far by the processes apart, by process and statement. */
    productStatementDetail: async () =>
      Object.fromEntries(
        await Promise.all(aparts.map(async (apart) => [apart.name, await statementDetailOf(apart)])),
      ) as Record<string, Record<string, number>>,
    /** Statements sent so far by the processes apart, all together; null when none runs apart. */
    productStatements: async () =>
      aparts.length
        ? (await Promise.all(aparts.map(statementsOf))).reduce((sum, count) => sum + count, 0)
        : null,
    /** The environment of a production entry on this bench's database and stand-ins. */
    processEnv: () => processEnv(context, postgres.url, dataDir),
    startWorker: async () => {
      stopWorker ??= await startJobs();
    },
    close: async () => {
      await stopWorker?.();
      await web?.apart.stop();
      agent.destroy();
      await app.close();
      await running.close();
      // BENCH_KEEP_DATABASE keeps the grown database to look into its plans afterwards.
      if (process.env.BENCH_KEEP_DATABASE)
        console.error(`database kept: ${new URL(postgres.url).pathname.slice(1)}`);
      else await postgres.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
