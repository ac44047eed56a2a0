/**
 * `npm run bench:soak`: a day under load, compressed. The compiled web entry and two worker entries
 * as separate processes on PostgreSQL (TEST_DATABASE_URL), BENCH_WORKSPACES (default 500)
 * workspaces each with its own Stripe account and HubSpot portal (limits on), for BENCH_MINUTES
 * (default 20):
 * - a steady 100 signed webhooks/s, and a burst of 500 at once half-way through every minute;
 * - the HubSpot stand-in answering 429s and 5xx (its fault controls) for minute 1–2 of every ten;
 * - one worker killed (SIGKILL) and started again every five minutes, from minute 2.5, in turns;
 * - the retention pass (the workers' hourly `retention.prune` job) brought forward every five minutes,
 *   75 s into each (the workers queue the first pass a minute after they start).
 * Then it waits for the backlog (BENCH_DRAIN_SECONDS, default 300) and prints one JSON line:
 * p50/p99 webhook → HubSpot per 5-minute window (by send time, and apart from the outages), how
 * long each outage's backlog took to clear, each process's resident memory,
 * database growth, queue depth, events lost and written twice. Web listens on BENCH_PORT (3770).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.ts';
import { retentionQueue } from '../apps/server/src/features/retention/retention-job.ts';
import {
  buildServerEntries,
  kill9,
  spawnProcess,
  terminate,
  waitReady,
  type RealProcess,
} from '../apps/server/src/testing/process-cluster.ts';
import { waitFor } from '../apps/server/src/testing/wait.ts';
import {
  percentile,
  residentMb,
  seedBenchWorkspaces,
  sleep,
  startSyncBench,
  workspaceEvents,
} from './sync-harness.ts';

const minutes = Number(process.env.BENCH_MINUTES ?? 20);
const workspaceCount = Number(process.env.BENCH_WORKSPACES ?? 500);
const drainSeconds = Number(process.env.BENCH_DRAIN_SECONDS ?? 300);
const webPort = Number(process.env.BENCH_PORT ?? 3770);
const steadyPerSecond = 100;
const burstSize = 500;
const windowMinutes = 5;
const targetP99Ms = 2_000;
const minute = 60_000;

const bench = await startSyncBench({ worker: false, port: webPort + 1 });
const { db } = bench.context.database;
const workspaces = await seedBenchWorkspaces(bench.t, workspaceCount);
buildServerEntries();
const env = bench.processEnv();

const startWorkerEntry = async (): Promise<RealProcess> => {
  const worker = spawnProcess('worker', {
    ...env,
    WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? '4',
  });
  await waitFor(() => worker.output().includes('Billbridge worker is running'), {
    what: 'the worker process running',
    timeoutMs: 60_000,
  }).catch((error: unknown) => {
    throw new Error(`${String(error)}; the worker said: ${worker.output().slice(-2000)}`);
  });
  return worker;
};

const web = spawnProcess('server', { ...env, PORT: String(webPort) });
const workers: RealProcess[] = [];
// A bench that ends early takes its processes (and their database connections) with it.
process.on('exit', () => [web, ...workers].forEach((proc) => proc.child.kill('SIGKILL')));
await waitReady(webPort);
workers.push(await startWorkerEntry(), await startWorkerEntry());
/** Memory by process slot (a restarted worker keeps its slot): at start, at the 5th minute, at the end. */
const processes = () => ({ web, worker1: workers[0], worker2: workers[1] });
const memoryNow = () =>
  Object.fromEntries(Object.entries(processes()).map(([name, proc]) => [name, residentMb(proc?.child.pid)]));

/**
 * The one number a query answers as `n`, asked again (up to 5 times, a second apart) when the shared
 * server refuses it for want of connections.
 */
const numberOf = async (query: ReturnType<typeof sql>, tries = 5): Promise<number> => {
  try {
    return Number((await queryRows<{ n: unknown }>(db, query))[0]?.n);
  } catch (error) {
    if (tries <= 1) throw error;
    await sleep(1000);
    return numberOf(query, tries - 1);
  }
};
const sizeOfDatabase = () => numberOf(sql`select pg_database_size(current_database())::bigint as n`);
const queueDepth = () =>
  numberOf(sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`);
/** Brings the queued hourly pass forward, as if the hour had passed; counts the passes it moved. */
let retentionBroughtForward = 0;
const retentionNow = async () =>
  (retentionBroughtForward += await numberOf(sql`with moved as (
    update pgboss.job set start_after = now() where name = ${retentionQueue} and state = 'created' returning 1
  ) select count(*)::int as n from moved`));
const retentionPasses = () =>
  numberOf(
    sql`select count(*)::int as n from pgboss.job where name = ${retentionQueue} and state = 'completed'`,
  );

/** When each outage began and ended (epoch ms), to read the latencies around it apart. */
const outages: { from: number; to?: number }[] = [];

/** HubSpot misbehaving everywhere for a minute: rate-limited or failing, as in an incident. */
const hubspotOutage = () => {
  outages.push({ from: Date.now() });
  return [
    bench.sandbox.faults.add({ service: 'hubspot', path: '*', status: 429, probability: 0.3 }),
    bench.sandbox.faults.add({ service: 'hubspot', path: '*', status: 502, probability: 0.2 }),
  ];
};

const endOutage = (faults: string[]): string[] => {
  for (const id of faults) bench.sandbox.faults.remove(id);
  const current = outages.at(-1);
  if (faults.length > 0 && current) current.to = Date.now();
  return [];
};

const startMemory = memoryNow();
const startBytes = await sizeOfDatabase();
const senders = workspaces.map((world, index) => workspaceEvents(bench.postTo(webPort), world, `s${index}`));
let next = 0;
const sending: Promise<string | undefined>[] = [];
/** Webhooks the web process did not take (Stripe would send them again), by the answer or error. */
const refused: Record<string, number> = {};
const send = () => {
  const sender = senders[next++ % senders.length];
  sending.push(
    sender?.().catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      refused[reason] = (refused[reason] ?? 0) + 1;
      return undefined;
    }) ?? Promise.resolve(undefined),
  );
};

/** The schedule of disturbances, by minute since the start, each done once. */
const from = Date.now();
const until = from + minutes * minute;
const done = new Set<string>();
const once = (key: string, action: () => unknown) => {
  if (!done.has(key)) {
    done.add(key);
    Promise.resolve(action()).catch((error: unknown) => console.error(key, error));
  }
};
let outage: string[] = [];
/** Growth is measured from the 5th minute (half-way in a run shorter than 10). */
const memoryFromMinute = Math.min(5, minutes / 2);
let memoryFrom: Record<string, number | null> | undefined;
const kills: { at: number; slot: number; restartMs: number }[] = [];
const depthSamples: number[] = [];
const restart = async (slot: number) => {
  const started = Date.now();
  const old = workers[slot];
  if (old) await kill9(old);
  workers[slot] = await startWorkerEntry();
  kills.push({
    at: +((started - from) / minute).toFixed(2),
    slot: slot + 1,
    restartMs: Date.now() - started,
  });
};

let sent = 0;
while (Date.now() < until) {
  const elapsedMinutes = (Date.now() - from) / minute;
  const inTen = elapsedMinutes % 10;
  const tenth = Math.floor(elapsedMinutes / 10);
  const fifth = Math.floor(elapsedMinutes / windowMinutes);
  if (inTen >= 1 && inTen < 2) once(`outage-${tenth}`, () => (outage = hubspotOutage()));
  if (inTen >= 2) outage = endOutage(outage);
  if (elapsedMinutes % windowMinutes >= 2.5) once(`kill-${fifth}`, () => restart(fifth % 2));
  if (elapsedMinutes % windowMinutes >= 1.25) once(`retention-${fifth}`, retentionNow);
  if (elapsedMinutes >= memoryFromMinute) once('memory-from', () => (memoryFrom = memoryNow()));
  if (elapsedMinutes % 1 >= 0.5)
    once(`burst-${Math.floor(elapsedMinutes)}`, () => {
      for (let n = 0; n < burstSize; n++) send();
    });
  once(`depth-${Math.floor(elapsedMinutes * 2)}`, async () => depthSamples.push(await queueDepth()));
  const due = Math.floor(((Date.now() - from) / 1000) * steadyPerSecond);
  for (; sent < due; sent++) send();
  await sleep(100);
}
endOutage(outage);
const endMemory = memoryNow();
const ids = (await Promise.all(sending)).filter((id): id is string => id !== undefined);
const result = await bench.settled(ids, { timeoutMs: drainSeconds * 1000 });
const drainedAfterSeconds = Math.round((Date.now() - until) / 1000);

/** Every settled event: when it was sent and how long it took to reach HubSpot. */
const settledEvents = ids.flatMap((id) => {
  const latency = result.latencyById.get(id);
  return latency === undefined ? [] : [{ at: bench.sentAt.get(id) ?? 0, latency }];
});
const duringOutage = (at: number) => outages.some((o) => at >= o.from && at < (o.to ?? Infinity));

/**
 * p50/p99 of the events sent in each 5-minute window, and the p99 of those sent while HubSpot was
 * answering normally: an event sent into the outage waits for HubSpot, whatever the product does.
 */
const windows = Array.from({ length: Math.ceil(minutes / windowMinutes) }, (_, index) => {
  const inWindow = settledEvents.filter(
    (event) => Math.floor((event.at - from) / (windowMinutes * minute)) === index,
  );
  const outside = inWindow.filter((event) => !duringOutage(event.at)).map((event) => event.latency);
  const latencies = inWindow.map((event) => event.latency);
  return {
    window: index + 1,
    events: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    outsideOutage: { events: outside.length, p99Ms: percentile(outside, 99) },
  };
});

/**
 * For each outage, how long after HubSpot answered normally again the last event it had slowed
 * (sent during it or in the five minutes after, and over the target) reached HubSpot.
 */
const recoveries = outages.flatMap(({ from: began, to: ended }) => {
  if (ended === undefined) return [];
  const slowed = settledEvents.filter(
    (event) => event.at >= began && event.at < ended + 5 * minute && event.latency > targetP99Ms,
  );
  const lastWritten = slowed.reduce((last, event) => Math.max(last, event.at + event.latency), ended);
  return [
    {
      atMinute: +((began - from) / minute).toFixed(2),
      slowedEvents: slowed.length,
      clearedAfterSeconds: Math.round((lastWritten - ended) / 1000),
    },
  ];
});

/** Records beyond the first with the same key, over every portal: a contact by e-mail, a deal by Stripe id. */
const writtenTwice = workspaces.reduce((twice, world) => {
  const keysOf = (type: string, property: string) =>
    bench.sandbox.hubspotState.records(world.portalId, type).map((record) => record.properties[property]);
  const keys = [...keysOf('contacts', 'email'), ...keysOf('deals', 'billbridge_stripe_id')].filter(Boolean);
  return twice + keys.length - new Set(keys).size;
}, 0);

const memoryGrowthPct = Object.fromEntries(
  Object.entries(endMemory).map(([name, mb]) => {
    const before = memoryFrom?.[name];
    return [name, before && mb !== null ? +(((mb - before) / before) * 100).toFixed(1) : null];
  }),
);
const figures = {
  bench: 'soak',
  minutes,
  workspaces: workspaceCount,
  events: ids.length,
  refused,
  windows,
  p99WithinTarget: windows.every((w) => w.p99Ms <= targetP99Ms),
  p99OutsideOutagesWithinTarget: windows.every((w) => w.outsideOutage.p99Ms <= targetP99Ms),
  recoveries,
  memoryMb: { start: startMemory, [`atMinute${memoryFromMinute}`]: memoryFrom ?? null, end: endMemory },
  memoryGrowthPct,
  memoryWithinTarget: Object.values(memoryGrowthPct).every((pct) => pct !== null && pct <= 10),
  databaseMb: {
    start: Math.round(startBytes / 2 ** 20),
    end: Math.round((await sizeOfDatabase()) / 2 ** 20),
  },
  queueDepth: {
    max: Math.max(0, ...depthSamples),
    atEnd: depthSamples.at(-1) ?? 0,
    afterDrain: await queueDepth(),
  },
  workerKills: kills,
  retention: { broughtForward: retentionBroughtForward, passesDone: await retentionPasses() },
  drainedAfterSeconds,
  lost: result.open.length + result.failed,
  lostDetail: { neverSettled: result.open.length, failed: result.failed },
  writtenTwice,
};
await Promise.all([terminate(web), ...workers.map((worker) => terminate(worker))]);
await bench.close();
console.log(JSON.stringify(figures));
process.exit(0);
