import { withAdvisoryLock } from '../../db/advisory-lock.ts';
import type { Database, Db } from '../../db/client.ts';
import { lockNamespaces } from '../../db/lock-namespaces.ts';

/** The first key of the two-key advisory lock: this lock's namespace. */

/**
 * Runs `work` while holding the per-destination lock (token refresh), giving it the database to
 * read and write through; see `withAdvisoryLock`.
 */
export const withDestinationLock = <T>(
  database: Database,
  destinationId: string,
  work: (db: Db) => Promise<T>,
): Promise<T> =>
  withAdvisoryLock(database, { namespace: lockNamespaces.destination, key: destinationId }, work);
