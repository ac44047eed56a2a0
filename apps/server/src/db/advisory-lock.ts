import { drizzle } from 'drizzle-orm/node-postgres';
import type { PoolClient } from 'pg';
import type { Database, Db } from './client.ts';
import * as schema from './schema.ts';

export class LockTimeoutError extends Error {}

const chains = new Map<string, Promise<unknown>>();

/**
 * Per lock-pool connection: its `lock_timeout` and its Drizzle instance. The holder's `work` runs
 * with the lock's timeout; the setting stays between holders and is sent only when the next one
 * wants another, and Drizzle (which reads the whole schema when made) is made once per connection:
 * two statements and a schema walk less per lock (a drain takes one per round).
 */
const lockTimeoutOf = new WeakMap<PoolClient, number>();
const drizzleOf = new WeakMap<PoolClient, Db>();

const setLockTimeout = async (client: PoolClient, ms: number): Promise<void> => {
  if (lockTimeoutOf.get(client) === ms) return;
  lockTimeoutOf.delete(client);
  await client.query(`set lock_timeout = ${ms}`);
  lockTimeoutOf.set(client, ms);
};

const drizzleOn = (client: PoolClient): Db => {
  let db = drizzleOf.get(client);
  if (!db) {
    db = drizzle(client, { schema }) as unknown as Db;
    drizzleOf.set(client, db);
  }
  return db;
};

/** Whether `holder` settles within `ms`. */
const settlesWithin = async (holder: Promise<unknown>, ms: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([holder.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Runs `work` after every earlier call with the same key in this process has settled. With
 * `timeoutMs`, a key still held here by then throws `LockTimeoutError`: a caller with a timeout
 * never waits longer behind a holder in its own process than behind one in another (a drain job
 * waiting here for another drain's whole slice held its worker slot that long).
 */
const inProcess = async <T>(key: string, work: () => Promise<T>, timeoutMs = 0): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (let holder = chains.get(key); timeoutMs > 0 && holder; holder = chains.get(key)) {
    if (!(await settlesWithin(holder, deadline - Date.now())))
      throw new LockTimeoutError(`Lock ${key} is busy in this process`);
  }
  const previous = chains.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  chains.set(key, tail);
  try {
    return await run;
  } finally {
    if (chains.get(key) === tail) chains.delete(key);
  }
};

type LockName = { namespace: number; key: string; timeoutMs?: number };

const lockBusy = (error: unknown, key: string): unknown =>
  (error as { code?: string }).code === '55P03' ? new LockTimeoutError(`Lock ${key} is busy`) : error;

/** How often a transaction-level lock is tried again while someone else holds it. */
const lockRetryMs = 50;

/**
 * Opens a transaction on `client` holding the transaction-level advisory lock `lockArguments` name
 * (one bigint, or a namespace and a key's hash): tried, and while held elsewhere tried again with
 * no transaction open. A waiter thus holds no server connection of a transaction-mode pooler,
 * which its holder may need for its own statements (decision 060). Ending the transaction
 * (`rollback`) releases it. Gives up with `LockTimeoutError` after `timeoutMs` (0: never).
 */
export const beginWithTransactionLock = async (
  client: PoolClient,
  lockArguments: [number] | [number, string],
  timeoutMs = 0,
): Promise<void> => {
  const lock =
    lockArguments.length === 1
      ? 'pg_try_advisory_xact_lock($1)'
      : 'pg_try_advisory_xact_lock($1, hashtext($2))';
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await client.query('begin');
    const { rows } = await client.query<{ held: boolean }>(`select ${lock} as held`, lockArguments);
    if (rows[0]?.held) return;
    await client.query('rollback');
    if (timeoutMs > 0 && Date.now() >= deadline)
      throw new LockTimeoutError(`Lock ${lockArguments.join(':')} is busy`);
    await new Promise((resolve) => setTimeout(resolve, lockRetryMs));
  }
};

/**
 * `withAdvisoryLock` behind a transaction-mode pooler, which keeps a server connection only for a
 * transaction: the lock is a transaction-level one, in a transaction left open on a lock-pool
 * connection while `work` runs its statements through the pool, and ended after it.
 */
const withTransactionLock = async <T>(
  database: Extract<Database, { engine: 'postgres' }>,
  lock: LockName,
  work: (db: Db) => Promise<T>,
): Promise<T> => {
  const client = await database.lockPool.connect();
  try {
    await beginWithTransactionLock(client, [lock.namespace, lock.key], lock.timeoutMs);
    return await work(database.db);
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
};

/**
 * Runs `work` holding a lock named by (namespace, key) across every process: in-process callers
 * queue on a promise chain first (PGlite is one process by construction); on PostgreSQL a session
 * advisory lock on a dedicated connection (from the lock pool, so holders never wait on each other
 * for the statements' pool) then covers other processes. A process that dies
 * (kill -9) loses its connection and with it the lock, at once. No transaction is held, so `work`
 * may call the network; it gets that connection to read and write through. With `timeoutMs`, a
 * lock not had by then throws `LockTimeoutError`. Behind a transaction-mode pooler, see
 * `withTransactionLock`.
 */
export const withAdvisoryLock = <T>(
  database: Database,
  lock: LockName,
  work: (db: Db) => Promise<T>,
): Promise<T> =>
  inProcess(
    `${lock.namespace}:${lock.key}`,
    async () => {
      if (database.engine === 'pglite') return work(database.db);
      if (database.pooler === 'transaction') return withTransactionLock(database, lock, work);
      const client = await database.lockPool.connect();
      try {
        await setLockTimeout(client, Math.max(0, Math.floor(lock.timeoutMs ?? 0)));
        try {
          await client.query('select pg_advisory_lock($1, hashtext($2))', [lock.namespace, lock.key]);
        } catch (error) {
          throw lockBusy(error, lock.key);
        }
        try {
          return await work(drizzleOn(client));
        } finally {
          await client.query('select pg_advisory_unlock($1, hashtext($2))', [lock.namespace, lock.key]);
        }
      } finally {
        client.release();
      }
    },
    lock.timeoutMs,
  );

/** What a holder of several locks gets: the keys it holds, and a release of some of them before the end. */
export type HeldLocks = { held: string[]; release: (keys: string[]) => Promise<void> };

/**
 * Runs `work` holding, of `keys`, those no one holds now, all taken in ONE statement on one lock
 * session (a lock each cost a statement and a session): `work` may release some early, and the
 * rest are released when it ends. A key held in this process or by another one is left out; the
 * caller waits for it as it sees fit (`withAdvisoryLock`). The statements of `work` go through the
 * pool: the session only locks and unlocks.
 */
export const withFreeAdvisoryLocks = async <T>(
  database: Database,
  lock: { namespace: number; keys: string[] },
  work: (locks: HeldLocks) => Promise<T>,
): Promise<T> => {
  if (database.engine === 'postgres' && database.pooler === 'transaction')
    // Keys released one by one before the end need session locks; only workers take these.
    throw new Error('withFreeAdvisoryLocks needs a direct connection or a session-mode pool');
  const inProcessFree = [...new Set(lock.keys)].filter((key) => !chains.has(`${lock.namespace}:${key}`));
  // Each key's place in this process's chain: later callers of the key queue behind it.
  const ends = new Map<string, { end: () => void; place: Promise<void> }>();
  for (const key of inProcessFree) {
    let end = () => undefined as void;
    const place = new Promise<void>((resolve) => (end = resolve));
    ends.set(key, { end, place });
    chains.set(`${lock.namespace}:${key}`, place);
  }
  const endInProcess = (keys: string[]) => {
    for (const key of keys) {
      const own = ends.get(key);
      if (!own) continue;
      own.end();
      ends.delete(key);
      if (chains.get(`${lock.namespace}:${key}`) === own.place) chains.delete(`${lock.namespace}:${key}`);
    }
  };
  const client =
    database.engine === 'postgres' && inProcessFree.length ? await database.lockPool.connect() : undefined;
  try {
    const held = client
      ? (
          await client.query<{ key: string }>(
            'select key from unnest($2::text[]) as key where pg_try_advisory_lock($1, hashtext(key))',
            [lock.namespace, inProcessFree],
          )
        ).rows.map((row) => row.key)
      : inProcessFree;
    endInProcess(inProcessFree.filter((key) => !held.includes(key)));
    let holding = new Set(held);
    // One statement at a time on the session: holders released at once queue here.
    let unlocking = Promise.resolve();
    const release = async (keys: string[]) => {
      const releasing = keys.filter((key) => holding.has(key));
      if (releasing.length === 0) return;
      holding = new Set([...holding].filter((key) => !releasing.includes(key)));
      const unlock = unlocking.then(async () => {
        await client?.query('select pg_advisory_unlock($1, hashtext(key)) from unnest($2::text[]) as key', [
          lock.namespace,
          releasing,
        ]);
      });
      unlocking = unlock.catch(() => undefined);
      await unlock;
      endInProcess(releasing);
    };
    try {
      return await work({ held, release });
    } finally {
      await release([...holding]);
    }
  } finally {
    endInProcess([...ends.keys()]);
    client?.release();
  }
};
