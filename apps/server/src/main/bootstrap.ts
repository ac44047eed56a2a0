import path from 'node:path';
import type { Logger } from 'pino';
import { createAuth } from '../auth/auth.ts';
import type { Config } from '../config/env.ts';
import { resolveSecret } from '../config/secret.ts';
import type { AppContext } from '../context.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { withMigrationLock } from '../db/migration-lock.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { createLogger } from '../logger.ts';

export type Running = { context: AppContext; close: () => Promise<void> };

/**
 * Opens everything a process needs, in order: the data-folder lock (embedded only), the secret,
 * the database (migrated), the queue and auth. `close` undoes it in reverse.
 */
export const bootstrap = async (config: Config, logger: Logger = createLogger(config)): Promise<Running> => {
  const releaseLock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  try {
    const secret = await resolveSecret(config);
    const database = await openDatabase(
      config.databaseUrl
        ? { databaseUrl: config.databaseUrl }
        : { pgliteDir: path.join(path.resolve(config.dataDir), 'pglite') },
    );
    await withMigrationLock(database, () => migrateDatabase(database));
    const queue = await createJobQueue(database);
    const auth = createAuth({ db: database.db, secret, appUrl: config.appUrl });
    const context: AppContext = { config, database, queue, auth, logger };
    return {
      context,
      close: async () => {
        await queue.stop();
        await database.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
};
