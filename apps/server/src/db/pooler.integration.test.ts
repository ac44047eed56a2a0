import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../jobs/queue.ts';
import { startPgBouncer, type PgBouncer } from '../testing/pgbouncer.ts';
import { createPostgresDatabase, testEngine } from '../testing/test-app.ts';
import { LockTimeoutError, withAdvisoryLock } from './advisory-lock.ts';
import { isMigrated, migrateDatabase, openDatabase, queryRows, type Database } from './client.ts';
import { withMigrationLock } from './migration-lock.ts';
import { definePrepared } from './prepared.ts';

/**
 * What a web process does, through PgBouncer in transaction mode with as few server connections as
 * a test can afford (decision 060): each transaction may land on another server connection, so
 * nothing may count on a session, and a lock's waiters must not hold the connections its holder needs.
 */
describe.runIf(testEngine() === 'postgres')('behind PgBouncer in transaction mode', () => {
  let bouncer: PgBouncer;
  let server: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const opened: Database[] = [];
  /** A process's database handle through the pooler, with DATABASE_POOLER=transaction. */
  const pooled = async () => {
    const database = await openDatabase({ databaseUrl: bouncer.urlOf(server.url), pooler: 'transaction' }, 2);
    opened.push(database);
    return database;
  };

  beforeAll(async () => {
    server = await createPostgresDatabase();
    bouncer = await startPgBouncer(server.url, 2);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
  });
  afterAll(async () => {
    await bouncer?.stop();
    await server?.drop();
  });

  it('migrates from several processes at once, one after the other, on two server connections', async () => {
    const processes = await Promise.all([pooled(), pooled(), pooled()]);
    await Promise.all(
      processes.map((database) => withMigrationLock(database, () => migrateDatabase(database))),
    );
    for (const database of processes) expect(await isMigrated(database)).toBe(true);
  });

  it('is strict: a named statement prepared on one session is unknown or taken on the next', async () => {
    const statement = { name: 'pooler_probe', text: 'select $1::int as n', values: [1] };
    const clients = [0, 1].map(() => new pg.Client({ connectionString: bouncer.urlOf(server.url) }));
    try {
      for (const client of clients) await client.connect();
      await clients[0]?.query(statement);
      // The second session gets the server connection the first one prepared the name on.
      await expect(clients[1]?.query(statement)).rejects.toThrow(/pooler_probe/);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it('runs the prepared hot paths unnamed: every statement answers, from many callers at once', async () => {
    const [one, two] = await Promise.all([pooled(), pooled()]);
    const echo = definePrepared<{ n: number }>('pooler_echo', 'select $1::int as n');
    const callers = Array.from({ length: 40 }, (_, n) =>
      echo(n % 2 ? (one as Database) : (two as Database), [n]),
    );
    expect((await Promise.all(callers)).map((rows) => rows[0]?.n)).toEqual(
      Array.from({ length: 40 }, (_, n) => n),
    );
  });

  it('waits for a lock another process holds without taking the connections its holder works on', async () => {
    const database = await pooled();
    const lock = { namespace: 9_999, key: 'pooled' };
    // Another process: its holder's transaction pins one of the two server connections.
    const [holder, holdersWork] = [0, 1].map(
      () => new pg.Client({ connectionString: bouncer.urlOf(server.url) }),
    );
    if (!holder || !holdersWork) throw new Error('no clients');
    await Promise.all([holder.connect(), holdersWork.connect()]);
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(9999, hashtext($1))', [lock.key]);
      await expect(
        withAdvisoryLock(database, { ...lock, timeoutMs: 200 }, async () => undefined),
      ).rejects.toBeInstanceOf(LockTimeoutError);
      const order: string[] = [];
      const waiter = withAdvisoryLock(database, lock, async (db) => {
        await db.execute(sql`select 1`);
        order.push('waiter');
      });
      // While this process waits, the holder's statements still find the other server connection.
      for (let n = 0; n < 5; n++) await holdersWork.query('select pg_sleep(0.02)');
      order.push('holder');
      await holder.query('commit');
      await waiter;
      expect(order).toEqual(['holder', 'waiter']);
    } finally {
      await Promise.all([holder.end(), holdersWork.end()]);
    }
    // Nothing left behind on any server connection: a session elsewhere takes the lock at once.
    const direct = new pg.Client({ connectionString: server.url });
    await direct.connect();
    try {
      const { rows } = await direct.query<{ held: boolean }>(
        'select pg_try_advisory_lock(9999, hashtext($1)) as held',
        [lock.key],
      );
      expect(rows[0]?.held).toBe(true);
    } finally {
      await direct.end();
    }
  });

  it('sends jobs in the caller transaction, with no LISTEN session opened', async () => {
    const database = await pooled();
    const queue = await createJobQueue(database);
    try {
      await queue.define('pooler-probe');
      await database.db.transaction(async (tx) => {
        await queue.send('pooler-probe', { hello: 'pooler' }, { tx });
      });
      const [job] = await queryRows<{ data: unknown }>(
        database.db,
        sql`select data from pgboss.job where name = 'pooler-probe'`,
      );
      expect(job?.data).toEqual({ hello: 'pooler' });
      const direct = await openDatabase({ databaseUrl: server.url }, 1);
      try {
        const listening = await queryRows<{ n: number }>(
          direct.db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
        );
        expect(listening[0]?.n).toBe(0);
      } finally {
        await direct.close();
      }
    } finally {
      await queue.stop();
    }
  });
});
