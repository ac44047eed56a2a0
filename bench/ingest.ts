/**
 * `npm run bench:ingest`: signed Stripe webhooks per second through the real `/webhooks/stripe`
 * (signature check, the deliveries of one turn stored in one prepared statement, a drain nudge),
 * beside three bare Fastify routes in the same run, on PostgreSQL and on PGlite:
 * - `batched`: the same deliveries stored the same batched way (the product's `storeInTurn`), so
 *   `batchedRatio` says how close the webhook is to its own limit;
 * - `bare`: one INSERT per request (the same statement with one event), the baseline of issue 17
 *   (`ratio`, which batching now puts above 1);
 * - `hello`: no database at all, the ceiling of the HTTP stack itself (`helloRatio`).
 * The load runs on a thread of its own (`load.ts`), so the client's work is not charged to the
 * server's. Ends with one JSON line. BENCH_SECONDS (default 15) and BENCH_CONNECTIONS (default 32).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import Stripe from 'stripe';
import type { AppContext } from '../apps/server/src/context.ts';
import type { DatabaseTarget } from '../apps/server/src/db/client.ts';
import { storeInTurn, storeStripeEvents } from '../apps/server/src/features/inbox/ingest.ts';
import { buildServerHttpApp } from '../apps/server/src/main/http-app.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { bootstrap } from '../apps/server/src/main/bootstrap.ts';
import { seedSource } from '../apps/server/src/testing/sync.ts';
import { testConfig } from '../apps/server/src/testing/test-app.ts';
import { seedWorkspace } from '../apps/server/src/testing/workspaces.ts';
import { user } from '../apps/server/src/db/schema.ts';
import { runLoad } from './load.ts';
import { onBothEngines, type Engine } from './engines.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const tenants = 20;
const turns = 5;

type Figures = {
  engine: string;
  ingestPerSec: number;
  barePerSec: number;
  ratio: number;
  /** The same deliveries stored the same batched way, without the webhook's own work. */
  batchedPerSec: number;
  batchedRatio: number;
  /** A route that answers without touching the database: the ceiling of the HTTP stack itself. */
  helloPerSec: number;
  helloRatio: number;
  errors: number;
  /** Which route gave the answers that were not 2xx (or no answer). */
  errorsByRoute: { ingest: number; batched: number; bare: number; hello: number };
};

const seedTenants = async (context: AppContext): Promise<string[]> => {
  const accounts: string[] = [];
  for (let i = 0; i < tenants; i++) {
    const userId = randomUUID();
    await context.database.db
      .insert(user)
      .values({ id: userId, name: `Bench ${i}`, email: `bench${i}@example.com` });
    const subscriptionId = await seedWorkspace(context.database.db, userId);
    const account = `acct_1Bench${String(i).padStart(12, '0')}`;
    await seedSource(context, subscriptionId, account);
    accounts.push(account);
  }
  return accounts;
};

const measure = async (engine: Engine, target: DatabaseTarget): Promise<Figures> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bb-bench-'));
  const config = testConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const running = await bootstrap(config, createLogger(config), target);
  const { context } = running;
  const app = await buildServerHttpApp(context, { webDist: path.join(dataDir, 'no-web') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const accounts = await seedTenants(context);
  const secret = context.providers.stripe?.webhookSecret ?? '';

  // The same single INSERT as the webhook's (its one prepared statement, into the same tables and
  // indexes), from a bare Fastify route: no signature check, none of the app's hooks, no drain nudge.
  const bare = Fastify();
  bare.post('/bare', async (request) => {
    const event = request.body as Stripe.Event;
    await storeStripeEvents(context.database, [{ event, payload: JSON.stringify(event) }]);
    return { received: true };
  });
  // The webhook's own storing (the deliveries of a turn in one statement, the body stored as
  // received) without its signature check, hooks or drain nudge. It shares the webhook's batcher
  // for this database; the routes never run at the same time, so no batch mixes the two.
  void bare.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/batched', async (request) => {
      const payload = request.body as string;
      await storeInTurn(context.database, { event: JSON.parse(payload) as Stripe.Event, payload });
      return { received: true };
    });
  });
  bare.post('/hello', async () => ({ received: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const ingestRoute = {
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/webhooks/stripe`,
    signed: true,
  };
  // The same requests, signed as well (the header left out), so both loads cost their thread alike.
  const bareRoute = {
    url: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`,
    signed: false,
  };
  const batchedRoute = { ...bareRoute, url: bareRoute.url.replace(/\/bare$/, '/batched') };
  const helloRoute = { ...bareRoute, url: bareRoute.url.replace(/\/bare$/, '/hello') };
  const load = { connections, accounts, secret };
  // Every route warms up first (JIT, prepared statements, pool), so the run compares steady states.
  const routes = [ingestRoute, batchedRoute, bareRoute, helloRoute];
  for (const route of routes) await runLoad({ ...route, ...load, seconds: 2 });
  // The routes take turns, a fifth of the time each turn: what drifts during the run (the table
  // growing, the machine's other load) weighs on all of them alike instead of on the last one.
  const runs = routes.map((route) => ({ route, total: 0, seconds: 0, errors: 0 }));
  for (let turn = 0; turn < turns; turn++) {
    for (const sum of runs) {
      const run = await runLoad({ ...sum.route, ...load, seconds: seconds / turns });
      sum.total += run.total;
      sum.seconds += run.seconds;
      sum.errors += run.errors;
    }
  }
  const [ingest, batched, bareRun, hello] = runs.map((run) => ({
    perSec: Math.round(run.total / run.seconds),
    errors: run.errors,
  }));
  if (!ingest || !batched || !bareRun || !hello) throw new Error('a route was not measured');
  await bare.close();
  await app.close();
  await running.close();
  await rm(dataDir, { recursive: true, force: true });
  const ratioTo = (perSec: number) => Math.round((ingest.perSec / perSec) * 100) / 100;
  return {
    engine,
    ingestPerSec: ingest.perSec,
    barePerSec: bareRun.perSec,
    ratio: ratioTo(bareRun.perSec),
    batchedPerSec: batched.perSec,
    batchedRatio: ratioTo(batched.perSec),
    helloPerSec: hello.perSec,
    helloRatio: ratioTo(hello.perSec),
    errors: ingest.errors + batched.errors + bareRun.errors + hello.errors,
    errorsByRoute: {
      ingest: ingest.errors,
      batched: batched.errors,
      bare: bareRun.errors,
      hello: hello.errors,
    },
  };
};

const results = await onBothEngines(measure);
for (const r of results) {
  console.log(
    `${r.engine.padEnd(8)} ingest ${r.ingestPerSec} req/s  batched route ${r.batchedPerSec} req/s  batchedRatio ${r.batchedRatio}  bare INSERT route ${r.barePerSec} req/s  ratio ${r.ratio}  hello-world ${r.helloPerSec} req/s  helloRatio ${r.helloRatio}  non-2xx ${r.errors} ${JSON.stringify(r.errorsByRoute)}`,
  );
}
console.log(JSON.stringify({ bench: 'ingest', connections, seconds, results }));
process.exit(0);
