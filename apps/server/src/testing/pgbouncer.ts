import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import pg from 'pg';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { waitFor } from './wait.ts';

/**
 * PgBouncer in transaction mode in front of the test PostgreSQL, as managed databases put one
 * (decision 060): Debian's `pgbouncer`, started by the test on a free port, passing every database
 * through and keeping no prepared statement, so whatever relies on a session breaks as it would there.
 */

/** The `pgbouncer` binary: on PATH, or where Debian installs it (/usr/sbin, often off a user's PATH). */
export const pgbouncerBinary = (): string | undefined =>
  [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin']
    .filter(Boolean)
    .map((folder) => path.join(folder, 'pgbouncer'))
    .find((candidate) => existsSync(candidate));

export type PgBouncer = {
  /** `databaseUrl` with the pooler's address instead of the server's. */
  urlOf: (databaseUrl: string) => string;
  /** Server connections the pooler opens per database (and user). */
  serverConnections: number;
  /** Transactions the pooler has passed to `databaseUrl`'s database so far (its `SHOW STATS`). */
  transactionsOf: (databaseUrl: string) => Promise<number>;
  output: () => string;
  stop: () => Promise<void>;
};

/** 1.21 and later can keep prepared statements across connections; told not to, like 1.18. */
const versionSettings = (binary: string): string[] => {
  const [, major = 0, minor = 0] =
    /PgBouncer (\d+)\.(\d+)/.exec(execFileSync(binary, ['--version'], { encoding: 'utf8' }))?.map(Number) ??
    [];
  return major > 1 || minor >= 21 ? ['max_prepared_statements = 0'] : [];
};

/** Whether something accepts TCP connections on loopback `port` (PgBouncer listens once ready). */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Starts PgBouncer (transaction mode) in front of the server `serverUrl` names. */
export const startPgBouncer = async (serverUrl: string, serverConnections = 6): Promise<PgBouncer> => {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error('pgbouncer is not installed (apt-get install pgbouncer; .ci/run does)');
  const server = new URL(serverUrl);
  const port = await freePort();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'bb-pgbouncer-'));
  const user = decodeURIComponent(server.username || 'postgres');
  await writeFile(path.join(folder, 'users.txt'), `"${user}" ""\n`);
  const settings = [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || 5432}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${path.join(folder, 'users.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${serverConnections}`,
    'max_client_conn = 1000',
    `stats_users = ${user}`,
    ...versionSettings(binary),
  ];
  await writeFile(path.join(folder, 'pgbouncer.ini'), `${settings.join('\n')}\n`);
  // PgBouncer refuses to run as root; as root (CI) it drops to `nobody`, who must read its files.
  await Promise.all([chmod(folder, 0o755), chmod(path.join(folder, 'users.txt'), 0o644)]);
  await chmod(path.join(folder, 'pgbouncer.ini'), 0o644);
  const asUser = process.getuid?.() === 0 ? ['-u', 'nobody'] : [];
  const child = spawn(binary, [...asUser, path.join(folder, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const urlOf = (databaseUrl: string) => {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return url.toString();
  };
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${output}`);
        return listening(port);
      },
      { what: 'pgbouncer listening', timeoutMs: 15_000 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const transactionsOf = async (databaseUrl: string) => {
    const console = new pg.Client({
      connectionString: urlOf(databaseUrl).replace(/\/[^/?]*(\?|$)/, '/pgbouncer$1'),
    });
    await console.connect();
    try {
      const { rows } = await console.query<{ database: string; total_xact_count: string }>('show stats');
      const name = new URL(databaseUrl).pathname.slice(1);
      return Number(rows.find((row) => row.database === name)?.total_xact_count ?? 0);
    } finally {
      await console.end();
    }
  };
  return { urlOf, serverConnections, transactionsOf, output: () => output, stop };
};
