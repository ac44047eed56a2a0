/**
 * `npm run release:fixture -- <version>`, run on the commit a release is cut from (decision 058):
 * fills a PostgreSQL database the way users do, with this release's code, and keeps what an
 * upgrade test needs to start the next releases on it: the database (`pg_dump`, plain SQL that
 * PGlite runs as well), the Stripe and HubSpot stand-ins' state, the dashboard's figures, and every
 * distinct statement the release sent (what its processes still send while a new one migrates).
 * Needs TEST_DATABASE_URL and `pg_dump` on the PATH. Uses only what every release has.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import type { Sandbox } from '@billbridge/sandbox';
import { destination, stripeEvent } from '../db/schema.ts';
import { buildServerHttpApp } from '../main/http-app.ts';
import { startWorker } from '../main/start-worker.ts';
import { createLogger } from '../logger.ts';
import { bootstrap } from '../main/bootstrap.ts';
import { ruleOf, seedDestination, seedMonthlyPrice, seedSource } from '../testing/sync.ts';
import { createPostgresDatabase, testConfig } from '../testing/test-app.ts';
import { callFunction, signUpUser, verifyEmail } from '../testing/users.ts';
import { waitFor } from '../testing/wait.ts';
import { seedWorkspace } from '../testing/workspaces.ts';
import { fixtureDir, type ReleaseFixture } from './release-fixture.ts';

const version = process.argv[2];
if (!version || !/^\d+\.\d+\.\d+$/.test(version)) throw new Error('usage: release:fixture <x.y.z>');
const out = fixtureDir(version);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bb-release-'));
const postgres = await createPostgresDatabase();
const config = testConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const running = await bootstrap(config, createLogger(config), { databaseUrl: postgres.url });
const { context } = running;
/**
 * Every distinct statement text this release sends once migrated, with the first values it was
 * sent with: what its processes still send while the next release migrates.
 */
const statements = new Map<string, unknown[]>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [string | { text?: string; values?: unknown[] }, unknown];
  const text = typeof first === 'string' ? first : first?.text;
  const values = typeof first === 'string' || !first?.values ? second : first.values;
  if (text && !statements.has(text)) statements.set(text, Array.isArray(values) ? values : []);
  return (query as (...rest: unknown[]) => unknown).apply(this, args);
} as typeof query;

const { db } = context.database;
const sandbox = context.providers.sandbox as Sandbox;
const app = await buildServerHttpApp(context, { webDist: path.join(dataDir, 'no-web') });
await app.listen({ port: 0, host: '127.0.0.1' });
context.providers.receiveWebhooksAt(
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webhooks/stripe`,
);
const stopWorker = await startWorker(context);

/** Whether the workspace has events and every one is in `state`. */
const allEventsIn = async (subscriptionId: string, state: string) => {
  const rows = await db
    .select({ state: stripeEvent.state })
    .from(stripeEvent)
    .where(eq(stripeEvent.subscriptionId, subscriptionId));
  return rows.length > 0 && rows.every((row) => row.state === state);
};

// Accounts: an owner and a member, both through sign-up.
const owner = await signUpUser(app, { name: 'Ada Owner', email: 'owner@example.com' });
await verifyEmail(db, owner);
const member = await signUpUser(app, { name: 'Max Member', email: 'member@example.com' });

// A synced workspace: a Stripe account and a HubSpot portal, a customer, a billing subscription
// and its paid invoice, all in HubSpot.
const synced = await seedWorkspace(db, owner.id, [{ userId: member.id, permissions: ['access'] }], {
  planId: 'pro',
});
const syncedAccount = sandbox.stripeState.createConnectedAccount({ name: 'Synced Ltd' }).id;
await seedSource(context, synced, syncedAccount);
const portal = await seedDestination(context, synced, [ruleOf('active', 'closedwon')]);
const customer = sandbox.stripeState.createCustomer(syncedAccount, {
  email: 'grace@example.com',
  name: 'Grace Hopper',
});
sandbox.stripeState.addCard(syncedAccount, customer.id, '4242424242424242');
const price = seedMonthlyPrice(sandbox, syncedAccount, 4900, 'Pro plan');
sandbox.stripeState.createSubscription(syncedAccount, {
  customer: customer.id,
  items: [{ price: price.id }],
});
await waitFor(() => sandbox.hubspotState.records(portal.portalId, 'invoices').length > 0, {
  what: 'the invoice in HubSpot',
  timeoutMs: 60_000,
});
await waitFor(() => allEventsIn(synced, 'done'), { what: 'every synced event done', timeoutMs: 60_000 });

// A workspace whose destination is switched off: its events are held until it is on again.
const held = await seedWorkspace(db, owner.id, [], { planId: 'pro' });
const heldAccount = sandbox.stripeState.createConnectedAccount({ name: 'Held Ltd' }).id;
await seedSource(context, held, heldAccount);
const heldPortal = await seedDestination(context, held, [ruleOf('active', 'closedwon')]);
await db.update(destination).set({ enabled: false }).where(eq(destination.id, heldPortal.destinationId));
sandbox.stripeState.createCustomer(heldAccount, { email: 'held@example.com', name: 'Held Customer' });
await waitFor(() => allEventsIn(held, 'held'), { what: 'the held event', timeoutMs: 60_000 });

const figure = async (name: string) => {
  const { status, body } = await callFunction(app, name, { subscriptionId: synced }, owner);
  if (status !== 200) throw new Error(`${name}: ${status} ${JSON.stringify(body)}`);
  return body.result;
};
const fixture: ReleaseFixture = {
  version,
  password: 'correct horse battery staple',
  owner: owner.email,
  synced: { subscriptionId: synced, account: syncedAccount, portalId: portal.portalId },
  held: {
    subscriptionId: held,
    account: heldAccount,
    portalId: heldPortal.portalId,
    destinationId: heldPortal.destinationId,
  },
  dashboard: {
    getRecentActivities: await figure('getRecentActivities'),
    getAggregatedActivities: await figure('getAggregatedActivities'),
    getUsage: await figure('getUsage'),
  },
};

stopWorker();
await app.close();
await running.close();
pg.Client.prototype.query = query;
const dump = execFileSync('pg_dump', ['--no-owner', '--no-privileges', '--inserts', postgres.url], {
  maxBuffer: 1 << 28,
}).toString();
// psql's meta-commands (newer pg_dump guards its output with \restrict) are no SQL.
const sqlText = dump
  .split('\n')
  .filter((line) => !line.startsWith('\\'))
  .join('\n');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'database.sql.gz'), gzipSync(sqlText, { level: 9 }));
cpSync(path.join(dataDir, 'sandbox'), path.join(out, 'sandbox'), { recursive: true });
writeFileSync(path.join(out, 'release.json'), `${JSON.stringify(fixture, null, 2)}\n`);
writeFileSync(
  path.join(out, 'statements.json.gz'),
  gzipSync(JSON.stringify([...statements].map(([text, values]) => ({ text, values })))),
);
await postgres.drop();
rmSync(dataDir, { recursive: true, force: true });
console.log(`release ${version}: fixture written to ${path.relative(process.cwd(), out)}`);
