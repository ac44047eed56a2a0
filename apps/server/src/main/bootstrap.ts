import path from 'node:path';
import type { Logger } from 'pino';
import { createAuth } from '../auth/auth.ts';
import type { Config } from '../config/env.ts';
import { resolveSecret } from '../config/secret.ts';
import type { AppContext } from '../context.ts';
import { migrateDatabase, openDatabase, type DatabaseTarget } from '../db/client.ts';
import { withMigrationLock } from '../db/migration-lock.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { defineJobQueues } from './job-registry.ts';
import { createLogger } from '../logger.ts';
import { createDrainNudger } from '../features/inbox/drain-nudger.ts';
import { startProviders } from '../providers/providers.ts';
import { createSecretBox } from '../security/secret-box.ts';

/** `DATABASE_URL` when set, else PGlite in `DATA_DIR/pglite`. */
export const databaseTargetOf = (config: Config): DatabaseTarget =>
  config.databaseUrl
    ? { databaseUrl: config.databaseUrl, pooler: config.databasePooler }
    : { pgliteDir: path.join(path.resolve(config.dataDir), 'pglite') };

/** `close` names each step to `onStep` as it begins (a test's watchdog reports the one that hangs). */
export type Running = { context: AppContext; close: (onStep?: (step: string) => void) => Promise<void> };

/**
 * Opens everything a process needs, in order: the data-folder lock (embedded only), the secret,
 * the database (migrated), the queue, auth and the providers (sandbox stand-ins when asked). `close` undoes it in reverse.
 */
export const bootstrap = async (
  config: Config,
  logger: Logger = createLogger(config),
  target: DatabaseTarget = databaseTargetOf(config),
): Promise<Running> => {
  const releaseLock =
    'pgliteDir' in target && target.pgliteDir ? lockDataDir(config.dataDir) : () => undefined;
  let closeDatabase = async () => {};
  try {
    const secret = await resolveSecret(config);
    const database = await openDatabase(target);
    closeDatabase = database.close;
    await withMigrationLock(database, () => migrateDatabase(database));
    const queue = await createJobQueue(database);
    const auth = createAuth({ db: database.db, logger, queue, secret, config });
    const providers = await startProviders(config, secret);
    const secretBox = createSecretBox([secret, ...config.previousSecrets]);
    const drains = createDrainNudger(queue, logger);
    const context: AppContext = { config, database, queue, auth, logger, providers, secretBox, drains };
    await defineJobQueues(context);
    return {
      context,
      close: async (onStep = () => undefined) => {
        drains.stop();
        onStep('queue.stop');
        await queue.stop();
        onStep('providers.close');
        await providers.close();
        onStep('database.close');
        await database.close();
        releaseLock();
      },
    };
  } catch (error) {
    // A failed start (a refused migration, say) lets go of the database before the folder.
    await closeDatabase().catch(() => undefined);
    releaseLock();
    throw error;
  }
};
