/**
 * `npm run bench:backfill`: the import of a Stripe account's existing customers, each with a
 * billing subscription (and its first invoice), into an empty HubSpot portal (HubSpot's limits on),
 * through the production path: the source switched on starts the import, its objects take the
 * sync. Measures the seconds from the switch until every customer is a contact and every billing
 * subscription a deal with its line items (`seconds`: the import issue 17 §6 times; the import lists
 * invoices after them, so their rounds come later), until the whole import settled, invoices too
 * (`allSeconds`), and the HubSpot calls of the whole import, with how long HubSpot's 110 calls per
 * 10 s (and 5 searches a second) would take for them at the least: `ceilingRatio` is that over
 * `allSeconds`. BENCH_CUSTOMERS (default 10000) sizes it; BENCH_FEATURES=all turns companies from
 * e-mail domains on, with the customers on 50 business domains. Ends with one JSON line.
 */
import { eq } from 'drizzle-orm';
import { backfill, source, stripeEvent } from '../apps/server/src/db/schema.ts';
import { beginBackfill } from '../apps/server/src/features/sources/backfill/begin-backfill.ts';
import { syntheticEventType } from '../apps/server/src/features/sources/backfill/stripe-listing.ts';
import { seedMonthlyPrice, seedSyncedWorkspace } from '../apps/server/src/testing/sync.ts';
import {
  benchEmail,
  benchScopes,
  callsByEndpoint,
  allFeatures,
  sleep,
  startSyncBench,
  turnOnFeatures,
} from './sync-harness.ts';
import { hubspotLimits, hubspotSearchLimits } from '../apps/server/src/providers/hubspot/hubspot-budget.ts';

const customers = Number(process.env.BENCH_CUSTOMERS ?? 10_000);

const bench = await startSyncBench();
const world = await seedSyncedWorkspace(bench.t, { scopes: benchScopes });
await turnOnFeatures(bench.t, world.destinationId);
const { db } = bench.context.database;
await db.update(source).set({ enabled: false }).where(eq(source.id, world.sourceId));
const { stripeState } = bench.sandbox;
const price = seedMonthlyPrice(bench.sandbox, world.account, 2500);
const seedFrom = Date.now();
for (let n = 0; n < customers; n++) {
  const customer = stripeState.createCustomer(world.account, { email: benchEmail(`import${n}`, n) });
  stripeState.addCard(world.account, customer.id, '4242424242424242');
  stripeState.createSubscription(world.account, { customer: customer.id, items: [{ price: price.id }] });
}
console.log({ seeded: customers, seedSeconds: (Date.now() - seedFrom) / 1000 });

const from = Date.now();
const [row] = await db.update(source).set({ enabled: true }).where(eq(source.id, world.sourceId)).returning();
if (!row) throw new Error('no source');
const started = await db.transaction((tx) => beginBackfill(bench.context, tx, row));

const settledStates = ['done', 'failed', 'ignored'];
const customerTypes = [
  syntheticEventType('customers', 'backfilled'),
  syntheticEventType('subscriptions', 'backfilled'),
];
const secondsSince = (at: number) => Math.round((Date.now() - at) / 100) / 10;
let seconds: number | undefined;

/**
 * Every imported object in HubSpot (or logged why not): first the customers and billing
 * subscriptions (all listed, their events settled), then the import done and nothing waiting.
 */
for (;;) {
  const events = await db
    .select({ state: stripeEvent.state, type: stripeEvent.type })
    .from(stripeEvent)
    .where(eq(stripeEvent.subscriptionId, world.subscriptionId));
  const [run] = await db
    .select({ status: backfill.status, counts: backfill.counts })
    .from(backfill)
    .where(eq(backfill.id, started.id));
  const settled = (event: { state: string }) => settledStates.includes(event.state);
  const listed = (run?.counts.customers ?? 0) >= customers && (run?.counts.subscriptions ?? 0) >= customers;
  if (
    seconds === undefined &&
    listed &&
    events.filter((event) => customerTypes.includes(event.type)).every(settled)
  )
    seconds = secondsSince(from);
  if (run?.status !== 'running' && events.every(settled)) break;
  await sleep(500);
}
const allSeconds = secondsSince(from);
const calls = bench.sandbox.hubspotState
  .requestLog(world.portalId)
  .filter((entry) => Date.parse(entry.at) >= from);
const searches = calls.filter((entry) => entry.path.endsWith('/search')).length;
/**
 * The least time HubSpot's limits allow for these calls: the first window's worth goes at once,
 * the rest at the window's rate; searches have their own window of 5 a second.
 */
const ceilingSeconds = Math.max(
  (Math.max(0, calls.length - searches - hubspotLimits.calls) * 10) / hubspotLimits.calls,
  searches / hubspotSearchLimits.calls,
);
const figures = {
  bench: 'backfill',
  features: allFeatures ? 'all' : 'default',
  customers,
  contacts: bench.sandbox.hubspotState.records(world.portalId, 'contacts').length,
  deals: bench.sandbox.hubspotState.records(world.portalId, 'deals').length,
  seconds,
  allSeconds,
  hubspotCalls: calls.length,
  searches,
  status429: calls.filter((entry) => entry.status === 429).length,
  ceilingSeconds: Math.round(ceilingSeconds * 10) / 10,
  ceilingRatio: Math.round((ceilingSeconds / allSeconds) * 100) / 100,
  companies: bench.sandbox.hubspotState.records(world.portalId, 'companies').length,
  callsByEndpoint: callsByEndpoint(calls),
};
await bench.close();
console.log(JSON.stringify(figures));
process.exit(0);
