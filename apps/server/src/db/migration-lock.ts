import type { Database } from './client.ts';
import { lockNamespaces } from './lock-namespaces.ts';

/**
 * Several processes may start at once against one PostgreSQL; a session advisory lock lets exactly
 * one of them migrate while the others wait and then find nothing to do. PGlite has one process.
 */
export const withMigrationLock = async (database: Database, migrate: () => Promise<void>): Promise<void> => {
  if (database.engine === 'pglite') return migrate();
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lockNamespaces.migrations]);
    await migrate();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [lockNamespaces.migrations]).catch(() => undefined);
    client.release();
  }
};
