/**
 * `npm run bench:tenants`: many workspaces at once, each with its own Stripe account and HubSpot
 * portal (HubSpot's limits on), sending BENCH_RATE (default 200) signed webhooks a second in total,
 * round-robin over the workspaces. Measures the p99 webhook-to-CRM latency over every event, counts
 * the portals that went over HubSpot's budget (a 429, or more than 110 requests in some 10 s), the
 * product's peak resident memory and the database statements per event. With BENCH_WORKER=process
 * and BENCH_WEB=process the product runs in its compiled entries apart from the stand-ins and the
 * load: `rssMb` is then the sum of the web's and the worker's peaks (each its kernel high-water
 * mark, `rssByProcessMb` each), `benchRssMb` this process's; in one process both are this process.
 * `statementsPerEvent`: every `pg` query the product sent from the first webhook until all
 * settled (counted in each process apart by `count-statements.mjs`; in one process, here, the
 * bench's own looks left out) ÷ events. BENCH_WORKSPACES (default 1000) and BENCH_SECONDS
 * (default 60) size it. Ends with one JSON line.
 */
import {
  busiest10sOf,
  countStatements,
  percentile,
  samplePeakRss,
  seedBenchWorkspaces,
  sleep,
  startSyncBench,
  workspaceEvents,
} from './sync-harness.ts';

const workspaceCount = Number(process.env.BENCH_WORKSPACES ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const rate = Number(process.env.BENCH_RATE ?? 200);

const statements = countStatements();
const bench = await startSyncBench();
const peakRss = samplePeakRss();
const seedingFrom = Date.now();
const workspaces = await seedBenchWorkspaces(bench.t, workspaceCount);
console.log({ seeded: workspaces.length, seedingSeconds: Math.round((Date.now() - seedingFrom) / 1000) });

const senders = workspaces.map((world, index) => workspaceEvents(bench.post, world, `t${index}`));
const total = Math.round(rate * seconds);
const interval = 1000 / rate;
const from = Date.now();
const statementsFrom = statements();
const productStatementsFrom = await bench.productStatements();
const detailFrom = await bench.productStatementDetail();
const sending: Promise<string>[] = [];
for (let n = 0; n < total; n++) {
  const due = from + n * interval;
  if (due > Date.now()) await sleep(due - Date.now());
  const send = senders[n % senders.length];
  if (send) sending.push(send());
}
const ids = await Promise.all(sending);
const sentSeconds = (Date.now() - from) / 1000;
console.log({ sent: ids.length, sentSeconds });
const result = await bench.settled(ids);
const apartStatements = await bench.productStatements();
const productStatements =
  apartStatements === null || productStatementsFrom === null
    ? statements() - statementsFrom - result.looks
    : apartStatements - productStatementsFrom;
const productPeaks = bench.productPeaksMb();
// Which statements the events paid, per process apart: the 15 most sent during the run.
for (const [name, detail] of Object.entries(await bench.productStatementDetail())) {
  const during = Object.entries(detail)
    .map(([statement, count]): [string, number] => [statement, count - (detailFrom[name]?.[statement] ?? 0)])
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15);
  console.log({ statementsOf: name, during: Object.fromEntries(during) });
}
console.log({ settledSeconds: (Date.now() - from) / 1000 });

const portalsOverBudget = workspaces.filter((world) => {
  const calls = bench.sandbox.hubspotState
    .requestLog(world.portalId)
    .filter((entry) => Date.parse(entry.at) >= from);
  return (
    calls.some((entry) => entry.status === 429) ||
    busiest10sOf(calls.map((entry) => Date.parse(entry.at))) > 110
  );
}).length;
const figures = {
  bench: 'tenants',
  workspaces: workspaceCount,
  events: ids.length,
  eventsPerSec: Math.round((ids.length / ((Date.now() - from) / 1000)) * 10) / 10,
  p50Ms: percentile(result.latencies, 50),
  p99Ms: percentile(result.latencies, 99),
  portalsOverBudget,
  failed: result.failed,
  // Only both apart leave this process out: a part run here is measured with the stand-ins.
  rssMb:
    Object.values(productPeaks).reduce((sum, mb) => sum + mb, 0) +
    (bench.productPids().length === 2 ? 0 : peakRss().self),
  rssByProcessMb: productPeaks,
  benchRssMb: peakRss().self,
  statementsPerEvent: Math.round((productStatements / ids.length) * 100) / 100,
};
await bench.close();
console.log(JSON.stringify(figures));
process.exit(0);
