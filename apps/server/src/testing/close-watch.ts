import type { Server } from 'node:http';
import pg from 'pg';
import type { AppContext } from '../context.ts';

/** How long a test app's close may take before the watchdog starts reporting. */
const reportEveryMs = 15_000;

const poolCounts = (pool: pg.Pool) =>
  `total ${pool.totalCount}, idle ${pool.idleCount}, waiting ${pool.waitingCount}`;

/** The database's sessions as PostgreSQL sees them: what each waits for and runs. */
const sessionsOf = async (adminUrl: string, databaseName: string): Promise<string> => {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    const { rows } = await client.query(
      `select pid, state, wait_event_type, wait_event, now() - query_start as running_for, left(query, 160) as query
         from pg_stat_activity where datname = $1 order by pid`,
      [databaseName],
    );
    return rows.map((row) => JSON.stringify(row)).join('\n    ');
  } catch (error) {
    return `(not read: ${String(error)})`;
  } finally {
    await client.end().catch(() => undefined);
  }
};

/** The requests a server has not answered yet: what its close waits for. */
export const watchRequests = (server: Server): (() => string[]) => {
  const open = new Set<string>();
  const sockets = new Set<string>();
  server.on('connection', (socket) => {
    const entry = `socket ${socket.remotePort} since ${new Date().toISOString()}`;
    sockets.add(entry);
    socket.on('close', () => sockets.delete(entry));
  });
  server.on('request', (request, response) => {
    const entry = `${request.method} ${request.url} since ${new Date().toISOString()}`;
    open.add(entry);
    response.on('close', () => open.delete(entry));
  });
  return () => [...open, ...sockets, `listening ${server.listening}`];
};

/** What a stuck close is waiting for: its step, the requests and jobs in hand, the pools and the database's sessions. */
const report = async (
  context: AppContext,
  openRequests: () => string[],
  step: string,
  since: number,
): Promise<string> => {
  const { database, queue } = context;
  const jobs = queue.inHand().map((job) => `${job.name} ${job.id} since ${job.since.toISOString()}`);
  const lines = [
    `[test app close] still in "${step}" after ${Math.round((Date.now() - since) / 1000)} s`,
    `  requests in hand: ${openRequests().join('; ') || 'none'}`,
    `  jobs in hand: ${jobs.join('; ') || 'none'}`,
  ];
  if (database.engine === 'postgres') {
    lines.push(`  pool: ${poolCounts(database.pool)}; lock pool: ${poolCounts(database.lockPool)}`);
    const adminUrl = process.env.TEST_DATABASE_URL;
    const name = new URL(database.connectionString).pathname.slice(1);
    if (adminUrl) lines.push(`  sessions:\n    ${await sessionsOf(adminUrl, name)}`);
  }
  return lines.join('\n');
};

/**
 * Runs a test app's close, and while it takes longer than 15 s prints what it waits for every
 * 15 s: a close that hangs until the hook's time limit then names its step and the job holding it.
 */
export const watchClose = async (
  context: AppContext,
  openRequests: () => string[],
  close: (onStep: (step: string) => void) => Promise<void>,
): Promise<void> => {
  const since = Date.now();
  let step = 'start';
  const timer = setInterval(() => {
    void report(context, openRequests, step, since).then((text) => console.error(text));
  }, reportEveryMs);
  timer.unref();
  try {
    await close((next) => {
      step = next;
    });
  } finally {
    clearInterval(timer);
  }
};
