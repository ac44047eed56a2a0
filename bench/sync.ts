/**
 * `npm run bench:sync`: sync throughput into one HubSpot portal of the stand-in, with HubSpot's
 * limits on (110 requests per rolling 10 s). Signed webhooks go to the real `/webhooks/stripe`;
 * the worker syncs them. Measures webhook-to-CRM latency (webhook sent → the event's activity
 * settled, right after HubSpot's answer) at 1 and at 100 events/s, HubSpot calls per event, 429s,
 * the busiest 10 s window, and sustained events/s through a backlog. PostgreSQL (TEST_DATABASE_URL,
 * default the local server); ends with one JSON line. BENCH_SCALE (default 1) scales durations.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Sandbox } from '@billbridge/sandbox';
import { activity } from '../apps/server/src/db/schema.ts';
import { buildHttpApp } from '../apps/server/src/http/app.ts';
import { startWorker } from '../apps/server/src/jobs/worker.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { bootstrap } from '../apps/server/src/main/bootstrap.ts';
import {
  billingSubscriptionOf,
  seedSyncedWorkspace,
  stripeEventOf,
  type SyncedWorkspace,
} from '../apps/server/src/testing/sync.ts';
import { createPostgresDatabase, testConfig, type TestApp } from '../apps/server/src/testing/test-app.ts';

const scale = Number(process.env.BENCH_SCALE ?? 1);
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const postgres = await createPostgresDatabase();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bb-bench-sync-'));
const config = testConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WORKER_CONCURRENCY: '4' });
const running = await bootstrap(config, createLogger(config), { databaseUrl: postgres.url });
const { context } = running;
const app = await buildHttpApp(context, { webDist: path.join(dataDir, 'no-web') });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const t: TestApp = { app, context, config, close: async () => undefined };
const sandbox = context.providers.sandbox as Sandbox;
const world: SyncedWorkspace = await seedSyncedWorkspace(t);
const stopWorker = await startWorker(context);
const secret = context.providers.stripe?.webhookSecret ?? '';
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Posts one signed webhook and remembers when it was sent. */
const sentAt = new Map<string, number>();
const post = (type: string, object: Record<string, unknown>) =>
  new Promise<void>((resolve, reject) => {
    const event = stripeEventOf({ account: world.account, type, object });
    const body = JSON.stringify(event);
    sentAt.set(event.id, Date.now());
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
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
          response.statusCode === 200 ? resolve() : reject(new Error(`webhook ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });

let counter = 0;
/** Half the events are customers (contacts), half billing subscriptions of them (deal + line item). */
const nextEvent = () => {
  counter += 1;
  const customer = `cus_bench${Math.floor((counter + 1) / 2)}`;
  return counter % 2 === 1
    ? post('customer.created', {
        id: customer,
        object: 'customer',
        email: `${customer}@example.com`,
        name: 'Bench Customer',
      })
    : post('customer.subscription.created', billingSubscriptionOf(`sub_bench${counter}`, customer));
};

/** Sends `perSecond` events a second for `seconds`; returns the ids sent. */
const steady = async (perSecond: number, seconds: number): Promise<string[]> => {
  const before = new Set(sentAt.keys());
  const started = Date.now();
  const pending: Promise<void>[] = [];
  for (let n = 0; n < perSecond * seconds; n++) {
    const due = started + (n * 1000) / perSecond;
    if (due > Date.now()) await sleep(due - Date.now());
    pending.push(nextEvent());
  }
  await Promise.all(pending);
  return [...sentAt.keys()].filter((id) => !before.has(id));
};

/** Waits until every event settled; returns each one's webhook-to-CRM latency and the last settle time. */
const settled = async (ids: string[]) => {
  for (;;) {
    const rows = await context.database.db
      .select({ eventId: activity.eventId, status: activity.status, updatedAt: activity.updatedAt })
      .from(activity)
      .where(inArray(activity.eventId, ids));
    const done = rows.filter(
      (row) => row.status === 'success' || row.status === 'warning' || row.status === 'failure',
    );
    if (done.length === ids.length) {
      return {
        latencies: done.map((row) => row.updatedAt.getTime() - (sentAt.get(row.eventId) ?? 0)),
        lastAt: Math.max(...done.map((row) => row.updatedAt.getTime())),
        failed: done.filter((row) => row.status === 'failure').length,
      };
    }
    await sleep(200);
  }
};

const hubspotCalls = (from: number, to = Date.now()) =>
  sandbox.hubspotState
    .requestLog(world.portalId)
    .filter((entry) => Date.parse(entry.at) >= from && Date.parse(entry.at) <= to);

const busiestWindow = (from: number) => {
  const times = hubspotCalls(from)
    .map((entry) => Date.parse(entry.at))
    .sort((a, b) => a - b);
  let busiest = 0;
  for (let i = 0, j = 0; j < times.length; j++) {
    while ((times[j] ?? 0) - (times[i] ?? 0) >= 10_000) i++;
    busiest = Math.max(busiest, j - i + 1);
  }
  return busiest;
};

const phase = async (label: string, perSecond: number, seconds: number) => {
  const from = Date.now();
  const ids = await steady(perSecond, seconds);
  const result = await settled(ids);
  const calls = hubspotCalls(from, result.lastAt);
  const figures = {
    phase: label,
    events: ids.length,
    p50Ms: percentile(result.latencies, 50),
    p99Ms: percentile(result.latencies, 99),
    hubspotCalls: calls.length,
    callsPerEvent: Math.round((calls.length / ids.length) * 1000) / 1000,
    status429: calls.filter((entry) => entry.status === 429).length,
    busiest10s: busiestWindow(from),
    failed: result.failed,
  };
  console.log(figures);
  return figures;
};

const warmup = await phase('warm-up', 10, 2);
const slow = await phase('1 event/s', 1, Math.round(20 * scale));
const fast = await phase('100 events/s', 100, Math.round(30 * scale));

// Sustained: a backlog sent as fast as ingest takes it, then drained into the one portal.
const backlogFrom = Date.now();
const backlogSize = Math.round(6000 * scale);
const backlogIds: string[] = [];
for (let n = 0; n < backlogSize; n += 50) {
  const before = new Set(sentAt.keys());
  await Promise.all(Array.from({ length: Math.min(50, backlogSize - n) }, () => nextEvent()));
  backlogIds.push(...[...sentAt.keys()].filter((id) => !before.has(id)));
}
const backlog = await settled(backlogIds);
const sustained = {
  phase: 'backlog',
  events: backlogIds.length,
  eventsPerSec: Math.round(backlogIds.length / ((backlog.lastAt - backlogFrom) / 1000)),
  hubspotCalls: hubspotCalls(backlogFrom, backlog.lastAt).length,
  status429: hubspotCalls(backlogFrom, backlog.lastAt).filter((entry) => entry.status === 429).length,
  busiest10s: busiestWindow(backlogFrom),
  failed: backlog.failed,
};
console.log(sustained);

stopWorker();
agent.destroy();
await app.close();
await running.close();
await postgres.drop();
await rm(dataDir, { recursive: true, force: true });

console.log(
  `1 event/s: p50 ${slow.p50Ms} ms, p99 ${slow.p99Ms} ms | 100 events/s: p50 ${fast.p50Ms} ms, p99 ${fast.p99Ms} ms, ` +
    `${fast.callsPerEvent} HubSpot calls/event, ${fast.status429} × 429 | backlog: ${sustained.eventsPerSec} events/s ` +
    `into one portal | busiest 10 s: ${Math.max(slow.busiest10s, fast.busiest10s, sustained.busiest10s)} calls`,
);
console.log(JSON.stringify({ bench: 'sync', warmup, slow, fast, sustained }));
process.exit(0);
