/**
 * `npm run bench:tenants`: many workspaces at once, each with its own Stripe account and HubSpot
 * portal (HubSpot's limits on), each sending 0.2 events/s of signed webhooks. Measures the p99
 * webhook-to-CRM latency over every event and counts the portals that went over HubSpot's budget
 * (a 429, or more than 110 requests in some 10 s). BENCH_WORKSPACES (default 1000) and
 * BENCH_SECONDS (default 60) size it; BENCH_WORKER=process runs the jobs in the worker entry apart.
 * Ends with one JSON line.
 */
import {
  busiest10sOf,
  percentile,
  seedBenchWorkspaces,
  sleep,
  startSyncBench,
  workspaceEvents,
} from './sync-harness.ts';

const workspaceCount = Number(process.env.BENCH_WORKSPACES ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const perWorkspacePerSecond = 0.2;

const bench = await startSyncBench();
const seedingFrom = Date.now();
const workspaces = await seedBenchWorkspaces(bench.t, workspaceCount);
console.log({ seeded: workspaces.length, seedingSeconds: Math.round((Date.now() - seedingFrom) / 1000) });

const senders = workspaces.map((world, index) => workspaceEvents(bench.post, world, `t${index}`));
const total = Math.round(workspaceCount * perWorkspacePerSecond * seconds);
const interval = 1000 / (workspaceCount * perWorkspacePerSecond);
const from = Date.now();
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
};
await bench.close();
console.log(JSON.stringify(figures));
process.exit(0);
