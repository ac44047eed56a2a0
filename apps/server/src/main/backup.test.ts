import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, terminate, waitReady, type RealProcess } from '../testing/process-cluster.ts';
import { createPostgresDatabase } from '../testing/test-app.ts';

/**
 * The operator's data commands as docs/operations.md gives them, run as real compiled processes:
 * back up the embedded data folder, restore it into an empty one and start there; move it to
 * PostgreSQL and start there. The account made before is there each time.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);
const baseEnv = { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', SECRET: '', NODE_ENV: 'development' };
const running: RealProcess[] = [];

const admin = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  run(process.execPath, [path.join(root, 'apps/server/dist/main/admin.js'), ...args], {
    env: { ...baseEnv, ...env },
  });

const startApp = async (env: NodeJS.ProcessEnv) => {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main/start.js')], {
    env: { ...baseEnv, PORT: String(port), ...env },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const app = { child, exited, output: () => '' };
  running.push(app);
  await waitReady(port);
  const auth = (action: string, body: object) =>
    fetch(`http://127.0.0.1:${port}/api/auth/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify(body),
    }).then((response) => response.status);
  return { app, auth };
};

const user = { name: 'Bea Backup', email: 'bea@example.com', password: 'correct horse battery' };
const signIn = { email: user.email, password: user.password };

beforeAll(async () => {
  await run(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root });
});
afterEach(async () => {
  for (const app of running.splice(0)) if (app.child.exitCode === null) await terminate(app);
});

describe('backups and the move to PostgreSQL', () => {
  it('backs up DATA_DIR, restores it into an empty folder and starts there with the same accounts', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bb-backup-'));
    const first = await startApp({ DATA_DIR: dataDir });
    expect(await first.auth('sign-up/email', user)).toBe(200);
    await expect(admin({ DATA_DIR: dataDir }, 'backup', path.join(dataDir, '..', 'x'))).rejects.toThrow(
      /in use by another Billbridge process/,
    );
    expect((await terminate(first.app)).code).toBe(0);

    const backup = path.join(mkdtempSync(path.join(os.tmpdir(), 'bb-backups-')), 'nightly');
    await admin({ DATA_DIR: dataDir }, 'backup', backup);
    const restored = path.join(mkdtempSync(path.join(os.tmpdir(), 'bb-restored-')), 'data');
    await admin({ DATA_DIR: restored }, 'restore', backup);
    await expect(admin({ DATA_DIR: restored }, 'restore', backup)).rejects.toThrow(/not empty/);
    const again = await startApp({ DATA_DIR: restored });
    expect(await again.auth('sign-in/email', signIn)).toBe(200);
  }, 180_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'exports the embedded database into an empty PostgreSQL and starts on it with the same accounts',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bb-export-'));
      const embedded = await startApp({ DATA_DIR: dataDir });
      expect(await embedded.auth('sign-up/email', user)).toBe(200);
      await terminate(embedded.app);
      const postgres = await createPostgresDatabase();
      try {
        const { stdout } = await admin({ DATA_DIR: dataDir }, 'export-to-postgres', postgres.url);
        expect(stdout).toMatch(/^user: 1$/m);
        const secret = readFileSync(path.join(dataDir, 'secret'), 'utf8').trim();
        const moved = await startApp({
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bb-moved-')),
          DATABASE_URL: postgres.url,
          SECRET: secret,
          SANDBOX: 'true',
          UNSAFE_ALLOW_SANDBOX: 'true',
        });
        expect(await moved.auth('sign-in/email', signIn)).toBe(200);
        await terminate(moved.app);
        await expect(admin({ DATA_DIR: dataDir }, 'export-to-postgres', postgres.url)).rejects.toThrow(
          /already has accounts/,
        );
      } finally {
        await postgres.drop();
      }
    },
    180_000,
  );
});
