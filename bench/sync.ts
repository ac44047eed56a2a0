/**
 * `npm run bench:sync`: sync throughput into one HubSpot portal of the stand-in, with HubSpot's
 * limits on (110 requests per rolling 10 s). Signed webhooks go to the real `/webhooks/stripe`;
 * the worker syncs them. Measures webhook-to-CRM latency (webhook sent → the event's activity
 * settled, right after HubSpot's answer) at 1 and at 100 events/s, HubSpot calls per event and per
 * invoice through its lifecycle, 429s,
 * the busiest 10 s window, and sustained events/s through a backlog. PostgreSQL (TEST_DATABASE_URL,
 * default the local server); ends with one JSON line. BENCH_SCALE (default 1) scales durations;
 * BENCH_FIELD_MAPPINGS (default 0) maps that many metadata keys per object (contacts, deals, line
 * items) to properties of their own (issue 34). BENCH_FEATURES=all turns companies from e-mail
 * domains and tasks for failed payments on, puts the customers on business domains and makes one
 * event in 21 a declined charge (a payment note and a task) — issue 33's "figures to keep".
 */
import {
  billingSubscriptionOf,
  failedChargeOf,
  invoiceOf,
  seedSyncedWorkspace,
  type SyncedWorkspace,
} from '../apps/server/src/testing/sync.ts';
import { Client } from '@hubspot/api-client';
import { eq } from 'drizzle-orm';
import type { FieldMapping } from '@billbridge/contract';
import { destination } from '../apps/server/src/db/schema.ts';
import {
  allFeatures,
  benchEmail,
  benchScopes,
  busiest10sOf,
  callsByEndpoint,
  percentile,
  sleep,
  startSyncBench,
  turnOnFeatures,
} from './sync-harness.ts';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const fieldMappingsPerObject = Number(process.env.BENCH_FIELD_MAPPINGS ?? 0);

const bench = await startSyncBench({ worker: false });
const { sandbox, sentAt, settled } = bench;
const world: SyncedWorkspace = await seedSyncedWorkspace(bench.t, { scopes: benchScopes });
await turnOnFeatures(bench.t, world.destinationId);

/** Every event carries the metadata keys `f0`…`f4`, mapped or not, so both runs send the same bytes. */
const metadata = Object.fromEntries(Array.from({ length: 5 }, (_, n) => [`f${n}`, `value ${n}`]));

/** `count` metadata keys per object, each mapped to a text property created in the portal. */
const mapFields = async (count: number) => {
  // Created as the portal's own users would in HubSpot (line items' properties too, which no app scope allows).
  const { accessToken } = sandbox.hubspotState.issueToken(world.portalId, {
    scopes: ['crm.schemas.contacts.write', 'crm.schemas.deals.write', 'crm.schemas.line_items.write'],
  });
  const hubspot = new Client({ accessToken, basePath: sandbox.hubspot.url });
  const sources = { contacts: 'customer', deals: 'subscription', line_items: 'price' } as const;
  const mappings: FieldMapping[] = [];
  for (const [object, from] of Object.entries(sources) as [keyof typeof sources, string][]) {
    await hubspot.crm.properties.groupsApi
      .create(object, { name: 'bench', label: 'Bench' })
      .catch(() => undefined);
    for (let n = 0; n < count; n++) {
      const name = `bench_field_${n}`;
      await hubspot.crm.properties.coreApi.create(object, {
        name,
        label: name,
        type: 'string' as never,
        fieldType: 'text' as never,
        groupName: 'bench',
      });
      mappings.push({ id: `${object}${n}`, object, source: `${from}.metadata.f${n}`, property: name });
    }
  }
  const { db } = bench.t.context.database;
  const [row] = await db.select().from(destination).where(eq(destination.id, world.destinationId));
  await db
    .update(destination)
    .set({ settings: { ...row?.settings, field_mappings: mappings } })
    .where(eq(destination.id, world.destinationId));
  sandbox.hubspotState.resetRateLimits(world.portalId);
};
if (fieldMappingsPerObject > 0) await mapFields(fieldMappingsPerObject);
await bench.startWorker();

/** Posts one signed webhook of the workspace's account and remembers when it was sent. */
const post = async (type: string, object: Record<string, unknown>) => {
  await bench.post(world.account, type, object);
};

/** A billing subscription whose own metadata and whose prices' carry the bench's keys. */
const withMetadata = (subscription: ReturnType<typeof billingSubscriptionOf>) => ({
  ...subscription,
  metadata,
  items: {
    data: subscription.items.data.map((item) => ({
      ...item,
      price: { ...item.price, currency: 'usd', metadata },
    })),
  },
});

let counter = 0;
let charges = 0;
/**
 * Half the events are customers (contacts), half billing subscriptions of them (deal + line item);
 * with every feature on, each tenth subscription is followed by a declined charge of its customer.
 */
const nextEvent = () => {
  counter += 1;
  const n = Math.floor((counter + 1) / 2);
  const customer = `cus_bench${n}`;
  const declined =
    allFeatures && counter % 2 === 0 && n % 10 === 0
      ? post('charge.failed', failedChargeOf(customer, `ch_bench${(charges += 1)}`))
      : undefined;
  const event =
    counter % 2 === 1
      ? post('customer.created', {
          id: customer,
          object: 'customer',
          email: benchEmail(customer, n),
          name: 'Bench Customer',
          metadata,
        })
      : post(
          'customer.subscription.created',
          withMetadata(billingSubscriptionOf(`sub_bench${counter}`, customer)),
        );
  return Promise.all([event, declined]).then(() => undefined);
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

const hubspotCalls = (from: number, to = Date.now()) =>
  sandbox.hubspotState
    .requestLog(world.portalId)
    .filter((entry) => Date.parse(entry.at) >= from && Date.parse(entry.at) <= to);

const busiestWindow = (from: number) => busiest10sOf(hubspotCalls(from).map((entry) => Date.parse(entry.at)));

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
    callsByEndpoint: callsByEndpoint(calls),
  };
  console.log(figures);
  return figures;
};

const warmup = await phase('warm-up', 10, 2);

/**
 * HubSpot calls per invoice through Stripe's lifecycle: each of `count` invoices of a warmed-up
 * customer is created (draft), finalized (open) and paid, every event in its own round; then as
 * many invoices arrive paid at once.
 */
const invoicePhase = async (count: number) => {
  const one = async (type: string, object: Record<string, unknown>) => {
    const before = new Set(sentAt.keys());
    await post(type, object);
    return settled([...sentAt.keys()].filter((id) => !before.has(id)));
  };
  const stepwiseFrom = Date.now();
  for (let n = 1; n <= count; n++) {
    const id = `in_benchstep${n}`;
    await one('invoice.created', invoiceOf(id, 'cus_bench1', 'sub_bench2', 'draft'));
    await one('invoice.finalized', invoiceOf(id, 'cus_bench1', 'sub_bench2', 'open'));
    await one('invoice.paid', invoiceOf(id, 'cus_bench1', 'sub_bench2', 'paid'));
  }
  const stepwise = hubspotCalls(stepwiseFrom).length;
  const burstFrom = Date.now();
  const before = new Set(sentAt.keys());
  await Promise.all(
    Array.from({ length: count }, (_, n) =>
      post('invoice.paid', invoiceOf(`in_benchburst${n}`, 'cus_bench1', 'sub_bench2', 'paid')),
    ),
  );
  const burst = await settled([...sentAt.keys()].filter((id) => !before.has(id)));
  const figures = {
    phase: 'invoices',
    invoices: count,
    callsPerInvoiceStepwise: Math.round((stepwise / count) * 100) / 100,
    callsPerInvoiceAtOnce: Math.round((hubspotCalls(burstFrom, burst.lastAt).length / count) * 100) / 100,
    failed: burst.failed,
  };
  console.log(figures);
  return figures;
};
const invoices = await invoicePhase(Math.max(5, Math.round(20 * scale)));
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
  callsByEndpoint: callsByEndpoint(hubspotCalls(backlogFrom, backlog.lastAt)),
};
console.log(sustained);

/** Contacts and deals that carry the last mapped property: the mappings were written, not just read. */
const mappedRecords = (object: 'contacts' | 'deals') =>
  fieldMappingsPerObject > 0
    ? sandbox.hubspotState
        .records(world.portalId, object)
        .filter((record) => record.properties[`bench_field_${fieldMappingsPerObject - 1}`]).length
    : 0;
const mapped = { contacts: mappedRecords('contacts'), deals: mappedRecords('deals') };

await bench.close();

console.log(
  `1 event/s: p50 ${slow.p50Ms} ms, p99 ${slow.p99Ms} ms | 100 events/s: p50 ${fast.p50Ms} ms, p99 ${fast.p99Ms} ms, ` +
    `${fast.callsPerEvent} HubSpot calls/event, ${fast.status429} × 429 | backlog: ${sustained.eventsPerSec} events/s ` +
    `into one portal | busiest 10 s: ${Math.max(slow.busiest10s, fast.busiest10s, sustained.busiest10s)} calls | ` +
    `HubSpot calls per invoice: ${invoices.callsPerInvoiceStepwise} through draft → open → paid, ` +
    `${invoices.callsPerInvoiceAtOnce} arriving paid in one round`,
);
console.log(
  JSON.stringify({
    bench: 'sync',
    features: allFeatures ? 'all' : 'default',
    fieldMappingsPerObject,
    mapped,
    companies: sandbox.hubspotState.records(world.portalId, 'companies').length,
    notes: sandbox.hubspotState.records(world.portalId, 'notes').length,
    warmup,
    invoices,
    slow,
    fast,
    sustained,
  }),
);
process.exit(0);
