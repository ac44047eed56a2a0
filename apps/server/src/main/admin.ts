import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/env.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.ts';
import { withMigrationLock } from '../db/migration-lock.ts';
import { setUserDisabled } from '../features/accounts/disabled-users.ts';
import { databaseTargetOf } from './bootstrap.ts';

const usage = `Usage: npm run admin -- <command> EMAIL

  disable-user EMAIL   end the account's sessions and refuse its sign-in
  enable-user EMAIL    let the account sign in again

Uses the same configuration as the server (DATABASE_URL, else the embedded database in DATA_DIR;
stop the embedded server first, only one process may open its folder).`;

const commands = { 'disable-user': true, 'enable-user': false } as const;
const isCommand = (name: string | undefined): name is keyof typeof commands =>
  name !== undefined && Object.hasOwn(commands, name);

/** `npm run admin -- disable-user EMAIL` / `enable-user EMAIL`: the operator's account switch. */
const main = async (): Promise<number> => {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  const [command, email, ...extra] = positionals;
  if (!isCommand(command) || !email || extra.length) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const target = databaseTargetOf(config);
  const release = 'pgliteDir' in target ? lockDataDir(config.dataDir) : () => undefined;
  const database = await openDatabase(target);
  try {
    await withMigrationLock(database, () => migrateDatabase(database));
    const result = await setUserDisabled(database.db, email, commands[command]);
    if (result.outcome === 'not-found') {
      console.error(`No account has the e-mail ${email}.`);
      return 1;
    }
    const state = commands[command] ? 'disabled' : 'enabled';
    if (result.outcome === 'unchanged') console.log(`${email} was already ${state}.`);
    else if (commands[command])
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
