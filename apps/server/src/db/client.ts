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
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The query API both engines share; code never needs to know which one it runs on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction` callback gets. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database =
  | { engine: 'pglite'; db: Db; pglite: PGlite; close: () => Promise<void> }
  | { engine: 'postgres'; db: Db; pool: pg.Pool; connectionString: string; close: () => Promise<void> };

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export type DatabaseTarget = { databaseUrl: string } | { pgliteDir: string | undefined };

/** Opens PGlite (a folder, or memory when `pgliteDir` is undefined) or a PostgreSQL pool. */
export const openDatabase = async (target: DatabaseTarget, poolSize = 10): Promise<Database> => {
  if ('databaseUrl' in target) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: poolSize });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePostgres(pool, { schema }) as unknown as Db;
    return { engine: 'postgres', db, pool, connectionString: target.databaseUrl, close: () => pool.end() };
  }
  const pglite = await PGlite.create(target.pgliteDir);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { engine: 'pglite', db, pglite, close: () => pglite.close() };
};

export const migrateDatabase = async (database: Database): Promise<void> => {
  if (database.engine === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePostgres(database.db as never, { migrationsFolder });
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
