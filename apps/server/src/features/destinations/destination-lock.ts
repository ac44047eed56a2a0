import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database, Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';

/** The first key of the two-key advisory lock: this lock's namespace. */
const lockNamespace = 7_310_2;

const queues = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier call with the same key in this process has settled. */
const inProcess = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  try {
    return await run;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
};

/**
 * Runs `work` while holding the per-destination lock, giving it the database to read and write
 * through. In-process callers queue on a promise chain first (PGlite is one process by construction,
 * and on PostgreSQL it keeps one pooled connection per destination waiting, not ten). On PostgreSQL
 * a session advisory lock on a dedicated connection then covers every other process; `work` runs on
 * that same connection, so it never needs a second one from a pool that may be exhausted. No
 * transaction is held: `work` may call the network.
 */
export const withDestinationLock = <T>(
  database: Database,
  destinationId: string,
  work: (db: Db) => Promise<T>,
): Promise<T> =>
  inProcess(destinationId, async () => {
    if (database.engine === 'pglite') return work(database.db);
    const client = await database.pool.connect();
    try {
      await client.query('select pg_advisory_lock($1, hashtext($2))', [lockNamespace, destinationId]);
      try {
        return await work(drizzle(client, { schema }) as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [lockNamespace, destinationId]);
      }
    } finally {
      client.release();
    }
  });
