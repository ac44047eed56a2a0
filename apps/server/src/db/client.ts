import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { DatabasePooler } from '../config/env.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The query API both engines share; code never needs to know which one it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction` callback gets. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database =
  | { engine: 'pglite'; db: Db; pglite: PGlite; close: () => Promise<void> }
  | {
      engine: 'postgres';
      db: Db;
      pool: pg.Pool;
      /** Sessions that hold an advisory lock (`withAdvisoryLock`), apart from the statements' pool. */
      lockPool: pg.Pool;
      connectionString: string;
      /** `transaction`: a pooler hands each transaction any server connection; no session state holds. */
      pooler: DatabasePooler;
      close: () => Promise<void>;
    };

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** `template`: a PGlite data folder dump (`dumpDataDir`) to start from instead of an empty cluster. */
export type DatabaseTarget =
  { databaseUrl: string; pooler?: DatabasePooler } | { pgliteDir: string | undefined; template?: Blob };

/**
 * Advisory-lock sessions one process may hold at once, opened only while held: every job slot of
 * every queue (WORKER_CONCURRENCY, at most 64, each maybe with a destination's lock inside) stays
 * well below it, and PostgreSQL's own connection limit is the bound that matters.
 */
const lockSessions = 100;

/** Opens PGlite (a folder, or memory when `pgliteDir` is undefined) or a PostgreSQL pool. */
export const openDatabase = async (target: DatabaseTarget, poolSize = 10): Promise<Database> => {
  if ('databaseUrl' in target) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: poolSize });
    // A lock holder keeps its session for the whole job and still runs statements on the pool: taken
    // from one pool, as many holders as its size would wait for each other forever.
    const lockPool = new pg.Pool({ connectionString: target.databaseUrl, max: lockSessions });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    lockPool.on('error', () => undefined);
    const db = drizzlePostgres(pool, { schema }) as unknown as Db;
    return {
      engine: 'postgres',
      db,
      pool,
      lockPool,
      connectionString: target.databaseUrl,
      pooler: target.pooler ?? 'none',
      close: async () => {
        await Promise.all([pool.end(), lockPool.end()]);
      },
    };
  }
  const pglite = await PGlite.create({ dataDir: target.pgliteDir, loadDataDir: target.template });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { engine: 'pglite', db, pglite, close: () => pglite.close() };
};

/**
 * A migration refused: Drizzle runs every pending migration in one transaction, so none of them
 * is applied and the database is as the previous release left it. The process must not start.
 */
export class MigrationFailedError extends Error {
  constructor(cause: unknown) {
    const reason =
      cause instanceof Error ? (cause.cause instanceof Error ? cause.cause : cause).message : String(cause);
    super(
      `The database could not be upgraded (${reason}). Nothing was changed: the pending migrations ` +
        'run in one transaction, so the database is as the previous release left it. Fix the cause ' +
        'and start this release again, or keep running the previous release until then ' +
        '(docs/operations.md, "Upgrades").',
      { cause },
    );
    this.name = 'MigrationFailedError';
  }
}

export const migrateDatabase = async (database: Database): Promise<void> => {
  try {
    if (database.engine === 'pglite') {
      await migratePglite(database.db as never, { migrationsFolder });
    } else {
      await migratePostgres(database.db as never, { migrationsFolder });
    }
  } catch (error) {
    throw new MigrationFailedError(error);
  }
};

/** Ready means: reachable and every committed migration applied. */
const committedMigrations = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** Raw SQL through Drizzle on either engine; only `.rows` is common to both results. */
export const queryRows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export const isMigrated = async (database: Database): Promise<boolean> => {
  const [row] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return (row?.count ?? 0) >= committedMigrations;
};
