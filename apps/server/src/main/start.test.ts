import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The embedded default as a user runs it: a real process on a data folder. PGlite only — the
 * point is what happens to the folder (PostgreSQL keeps its data by itself).
 */
const startScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'start.ts');
const running: ChildProcess[] = [];

const startApp = (dataDir: string, port: number, env: Record<string, string> = {}) => {
  const child = spawn(process.execPath, ['--import', 'tsx', startScript], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      SECRET: '',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
};

/**
 * Until the app answers ready, or fails the test as soon as it exits. No deadline of its own: a
 * busy machine may take long to start it, and the test's own timeout bounds the wait.
 */
const waitReady = async (port: number, app: ReturnType<typeof startApp>) => {
  let exited = false;
  void app.exited.then(() => (exited = true));
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    if (exited) throw new Error(`the app exited before it was ready:\n${app.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const signIn = (port: number, path: string, body: object) =>
  fetch(`http://127.0.0.1:${port}/api/auth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify(body),
  });

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

describe('the embedded start', () => {
  it('keeps data across a restart and refuses a second process on the same folder', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bb-start-'));
    const first = startApp(dataDir, 3301);
    await waitReady(3301, first);
    const user = { name: 'Rita Restart', email: 'rita@example.com', password: 'correct horse battery' };
    expect((await signIn(3301, 'sign-up/email', user)).status).toBe(200);

    const second = startApp(dataDir, 3302);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Billbridge process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const again = startApp(dataDir, 3303);
    await waitReady(3303, again);
    const response = await signIn(3303, 'sign-in/email', { email: user.email, password: user.password });
    expect(response.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 180_000);

  it('warns that the sandbox is on, and refuses it where it looks like a deployment, naming the variable', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bb-start-'));
    const refused = [
      [{ NODE_ENV: 'production' }, 'NODE_ENV: production with the sandbox on'],
      [
        { APP_URL: 'https://billbridge.example.com' },
        'APP_URL: https://billbridge.example.com is not a local',
      ],
    ] as const;
    for (const [env, message] of refused) {
      const app = startApp(dataDir, 3304, env);
      expect(await app.exited).toBe(1);
      expect(app.output()).toContain(message);
      expect(app.output()).toContain('UNSAFE_ALLOW_SANDBOX=true');
    }
    const local = startApp(dataDir, 3305);
    await waitReady(3305, local);
    expect(local.output()).toContain('SANDBOX is on');
    local.child.kill('SIGTERM');
    expect(await local.exited).toBe(0);
  }, 180_000);
});
