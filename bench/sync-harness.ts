/**
 * What the sync benchmarks share: the app on a fresh PostgreSQL database (TEST_DATABASE_URL,
 * default the local server) with the stand-ins, HubSpot's limits on, listening on a real port;
 * signed webhooks posted the way Stripe does; waiting for their activities to settle.
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
import { stripeEventOf } from '../apps/server/src/testing/sync.ts';
import { createPostgresDatabase, testConfig, type TestApp } from '../apps/server/src/testing/test-app.ts';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
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

export const startSyncBench = async ({ worker = true } = {}) => {
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
  let stopWorker: (() => void) | undefined;
  const secret = context.providers.stripe?.webhookSecret ?? '';
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  /** When each posted webhook was sent, by event id. */
  const sentAt = new Map<string, number>();

  /** Posts one signed webhook of `account` and remembers when it was sent; resolves with its id. */
  const post = (account: string, type: string, object: Record<string, unknown>) =>
    new Promise<string>((resolve, reject) => {
      const event = stripeEventOf({ account, type, object });
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
            response.statusCode === 200
              ? resolve(event.id)
              : reject(new Error(`webhook ${response.statusCode}`)),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  /** Waits until every event settled; returns each one's webhook-to-CRM latency and the last settle time. */
  const settled = async (ids: string[]) => {
    for (;;) {
      const rows: { eventId: string; status: string; updatedAt: Date }[] = [];
      for (let start = 0; start < ids.length; start += 5_000) {
        rows.push(
          ...(await context.database.db
            .select({ eventId: activity.eventId, status: activity.status, updatedAt: activity.updatedAt })
            .from(activity)
            .where(inArray(activity.eventId, ids.slice(start, start + 5_000)))),
        );
      }
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

  if (worker) stopWorker = await startWorker(context);
  return {
    t,
    context,
    sandbox,
    sentAt,
    post,
    settled,
    startWorker: async () => {
      stopWorker ??= await startWorker(context);
    },
    close: async () => {
      stopWorker?.();
      agent.destroy();
      await app.close();
      await running.close();
      await postgres.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
