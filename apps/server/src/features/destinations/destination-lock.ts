import { withAdvisoryLock } from '../../db/advisory-lock.ts';
import type { Database, Db } from '../../db/client.ts';

/** The first key of the two-key advisory lock: this lock's namespace. */
const lockNamespace = 7_310_2;

/**
 * Runs `work` while holding the per-destination lock (token refresh), giving it the database to
 * read and write through; see `withAdvisoryLock`.
 */
export const withDestinationLock = <T>(
  database: Database,
  destinationId: string,
  work: (db: Db) => Promise<T>,
): Promise<T> => withAdvisoryLock(database, { namespace: lockNamespace, key: destinationId }, work);
