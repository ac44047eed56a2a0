/**
 * `npm run bench:sync`: sync throughput into one HubSpot portal of the stand-in, with HubSpot's
 * limits on (110 requests per rolling 10 s). Signed webhooks go to the real `/webhooks/stripe`;
 * the worker syncs them. Measures webhook-to-CRM latency (webhook sent → the event's activity
 * settled, right after HubSpot's answer) at 1 and at 100 events/s, HubSpot calls per event and per
 * invoice through its lifecycle, 429s,
 * the busiest 10 s window, and sustained events/s through a backlog. PostgreSQL (TEST_DATABASE_URL,
 * default the local server); ends with one JSON line. BENCH_SCALE (default 1) scales durations.
 */
import {
  billingSubscriptionOf,
  invoiceOf,
  seedSyncedWorkspace,
  type SyncedWorkspace,
} from '../apps/server/src/testing/sync.ts';
import { busiest10sOf, callsByEndpoint, percentile, sleep, startSyncBench } from './sync-harness.ts';

const scale = Number(process.env.BENCH_SCALE ?? 1);

const bench = await startSyncBench({ worker: false });
const { sandbox, sentAt, settled } = bench;
const world: SyncedWorkspace = await seedSyncedWorkspace(bench.t);
await bench.startWorker();

/** Posts one signed webhook of the workspace's account and remembers when it was sent. */
const post = async (type: string, object: Record<string, unknown>) => {
  await bench.post(world.account, type, object);
};

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

await bench.close();

console.log(
  `1 event/s: p50 ${slow.p50Ms} ms, p99 ${slow.p99Ms} ms | 100 events/s: p50 ${fast.p50Ms} ms, p99 ${fast.p99Ms} ms, ` +
    `${fast.callsPerEvent} HubSpot calls/event, ${fast.status429} × 429 | backlog: ${sustained.eventsPerSec} events/s ` +
    `into one portal | busiest 10 s: ${Math.max(slow.busiest10s, fast.busiest10s, sustained.busiest10s)} calls | ` +
    `HubSpot calls per invoice: ${invoices.callsPerInvoiceStepwise} through draft → open → paid, ` +
    `${invoices.callsPerInvoiceAtOnce} arriving paid in one round`,
);
console.log(JSON.stringify({ bench: 'sync', warmup, invoices, slow, fast, sustained }));
process.exit(0);
