import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config/env.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { backupDataDir, copyToPostgres, restoreDataDir } from './move-data.ts';
import { migrateDatabase, openDatabase, type Database } from '../db/client.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { withMigrationLock } from '../db/migration-lock.ts';
import { setUserDisabled } from '../features/accounts/disabled-users.ts';
import { resetTwoFactor } from '../features/two-factor/reset-two-factor.ts';
import { databaseTargetOf } from './bootstrap.ts';

const usage = `Usage: npm run admin -- <command> ARGUMENT

  disable-user EMAIL             end the account's sessions and refuse its sign-in
  enable-user EMAIL              let the account sign in again
  reset-2fa EMAIL                turn two-factor sign-in off for an account that lost its device and codes
  backup FOLDER                  copy DATA_DIR (embedded database, SECRET) into a new FOLDER
  restore FOLDER                 copy a backup into an empty DATA_DIR
  export-to-postgres URL         copy the embedded database into an empty PostgreSQL database at URL

Uses the same configuration as the server (DATABASE_URL, else the embedded database in DATA_DIR;
stop the embedded server first, only one process may open its folder).`;

const commands = { 'disable-user': true, 'enable-user': false, 'reset-2fa': null } as const;
const dataCommands = ['backup', 'restore', 'export-to-postgres'] as const;
type DataCommand = (typeof dataCommands)[number];
const isCommand = (name: string | undefined): name is keyof typeof commands | DataCommand =>
  name !== undefined && (Object.hasOwn(commands, name) || dataCommands.includes(name as DataCommand));

/** The embedded data folder's commands: each holds its lock, so no server writes meanwhile. */
const dataCommand = async (command: DataCommand, argument: string, config: Config): Promise<number> => {
  if (config.databaseUrl) {
    console.error(`${command} works on the embedded database (DATA_DIR); on PostgreSQL use pg_dump.`);
    return 2;
  }
  const release = lockDataDir(config.dataDir);
  try {
    if (command === 'restore') {
      restoreDataDir(path.resolve(argument), path.resolve(config.dataDir));
      console.log(`Restored ${argument} into ${config.dataDir}.`);
      return 0;
    }
    if (command === 'backup') {
      backupDataDir(path.resolve(config.dataDir), path.resolve(argument));
      console.log(`Backed up ${config.dataDir} into ${argument}.`);
      return 0;
    }
    const from = await openDatabase(databaseTargetOf(config));
    const to = await openDatabase({ databaseUrl: argument });
    if (to.engine !== 'postgres') throw new Error('unreachable');
    try {
      await withMigrationLock(from, () => migrateDatabase(from));
      await withMigrationLock(to, () => migrateDatabase(to));
      const queue = await createJobQueue(to);
      const copied = await copyToPostgres(from, to, (name, data) => queue.send(name, data));
      await queue.stop();
      for (const [table, rows] of Object.entries(copied)) console.log(`${table}: ${rows}`);
      console.log(
        'Copied. Set DATABASE_URL (and SECRET: the content of DATA_DIR/secret) and start on PostgreSQL.',
      );
      return 0;
    } finally {
      await Promise.all([from.close(), to.close()]);
    }
  } finally {
    release();
  }
};

/**
 * `reset-2fa EMAIL` (issue 36): the user's notice goes out on the `mail.send` job, queued here and
 * sent by the running workers. The line it prints is the operator's log of the reset.
 */
const resetTwoFactorCommand = async (database: Database, email: string, config: Config): Promise<number> => {
  const queue = await createJobQueue(database);
  try {
    const result = await resetTwoFactor(database.db, queue, { email, appUrl: config.appUrl });
    if (result.outcome === 'not-found') {
      console.error(`No account has the e-mail ${email}.`);
      return 1;
    }
    if (result.outcome === 'unchanged') console.log(`${email} had no two-factor sign-in.`);
    else
      console.log(
        `${new Date().toISOString()} reset-2fa: two-factor sign-in of ${email} turned off; the user was mailed.`,
      );
    return 0;
  } finally {
    await queue.stop();
  }
};

/** `npm run admin -- disable-user EMAIL` / `enable-user EMAIL`: the operator's account switch. */
const main = async (): Promise<number> => {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  const [command, email, ...extra] = positionals;
  if (!isCommand(command) || !email || extra.length) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  if (command === 'backup' || command === 'restore' || command === 'export-to-postgres') {
    return dataCommand(command, email, config);
  }
  const target = databaseTargetOf(config);
  const release = 'pgliteDir' in target ? lockDataDir(config.dataDir) : () => undefined;
  const database = await openDatabase(target);
  try {
    await withMigrationLock(database, () => migrateDatabase(database));
    if (command === 'reset-2fa') return await resetTwoFactorCommand(database, email, config);
    const result = await setUserDisabled(database.db, email, command === 'disable-user');
    if (result.outcome === 'not-found') {
      console.error(`No account has the e-mail ${email}.`);
      return 1;
    }
    const state = command === 'disable-user' ? 'disabled' : 'enabled';
    if (result.outcome === 'unchanged') console.log(`${email} was already ${state}.`);
    else if (command === 'disable-user')
      console.log(`${email} is disabled; ${result.sessionsEnded} session(s) ended.`);
    else console.log(`${email} is enabled; it can sign in again.`);
    return 0;
  } finally {
    await database.close();
    release();
  }
};

try {
  process.exitCode = await main();
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
