/**
 * `npm run bench:queue`: jobs/s through the product's queue (pg-boss as configured in
 * apps/server/src/jobs/queue.ts) on PGlite and on PostgreSQL, plus the worst event-loop delay
 * while PGlite drains (HTTP responsiveness in the embedded default). Ends with one JSON line.
 *
 * BENCH_JOBS (default 20000) sets the backlog; TEST_DATABASE_URL (default the local server)
 * names the PostgreSQL to use — a fresh database is created and dropped.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase, type DatabaseTarget } from '../apps/server/src/db/client.ts';
import { createJobQueue } from '../apps/server/src/jobs/queue.ts';
import { onBothEngines, type Engine } from './engines.ts';

const jobs = Number(process.env.BENCH_JOBS ?? 20_000);

type Figures = {
  engine: string;
  jobs: number;
  enqueuePerSec: number;
  drainPerSec: number;
  maxLoopDelayMs: number;
};

const measure = async (engine: Engine, target: DatabaseTarget): Promise<Figures> => {
  const database = await openDatabase(target);
  const queue = await createJobQueue(database);
  await queue.define('bench');

  const enqueueStart = performance.now();
  for (let offset = 0; offset < jobs; offset += 1000) {
    const chunk = Array.from({ length: Math.min(1000, jobs - offset) }, (_, i) => ({
      data: { n: offset + i },
    }));
    await queue.boss.insert('bench', chunk);
  }
  const enqueueSeconds = (performance.now() - enqueueStart) / 1000;

  let done = 0;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const drainStart = performance.now();
  const finished = new Promise<void>((resolve) => {
    void queue.work(
      'bench',
      async () => {
        done += 1;
        if (done === jobs) resolve();
      },
      { batchSize: 100, concurrency: 2 },
    );
  });
  await finished;
  const drainSeconds = (performance.now() - drainStart) / 1000;
  loop.disable();

  await queue.stop();
  await database.close();
  return {
    engine,
    jobs,
    enqueuePerSec: Math.round(jobs / enqueueSeconds),
    drainPerSec: Math.round(jobs / drainSeconds),
    maxLoopDelayMs: Math.round(loop.max / 1e6),
  };
};

const results = await onBothEngines(measure);
for (const r of results) {
  console.log(
    `${r.engine.padEnd(8)} ${r.jobs} jobs  enqueue ${r.enqueuePerSec} jobs/s  drain ${r.drainPerSec} jobs/s  worst event-loop delay ${r.maxLoopDelayMs} ms`,
  );
}
console.log(JSON.stringify({ bench: 'queue', results }));
process.exit(0);
