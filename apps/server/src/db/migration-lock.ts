import { beginWithTransactionLock } from './advisory-lock.ts';
import type { Database } from './client.ts';
import { lockNamespaces } from './lock-namespaces.ts';

/**
 * Several processes may start at once against one PostgreSQL; an advisory lock lets exactly one of
 * them migrate while the others wait and then find nothing to do. It is a transaction-level lock,
 * in a transaction held open on a connection of its own while the migrations run on the pool, so
 * it holds behind a transaction-mode pooler too (decision 060) and ends with that transaction
 * whatever happens. The same key as the session lock of earlier releases: both exclude each other
 * during a rolling upgrade. PGlite has one process.
 */
export const withMigrationLock = async (database: Database, migrate: () => Promise<void>): Promise<void> => {
  if (database.engine === 'pglite') return migrate();
  const client = await database.lockPool.connect();
  try {
    await beginWithTransactionLock(client, [lockNamespaces.migrations]);
    await migrate();
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
};
