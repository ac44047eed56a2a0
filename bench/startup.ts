/**
 * `npm run bench:startup`: seconds from the start command to `/readyz` answering 200 on a fresh
 * data folder — `npm start` as a newcomer runs it (web build included), and the server alone on an
 * already-built app. Ends with one JSON line.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.BENCH_PORT ?? 3390);

const timeToReady = async (command: string, args: string[]): Promise<number> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bb-startup-'));
  const started = performance.now();
  const child = spawn(command, args, {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return (performance.now() - started) / 1000;
      if (performance.now() - started > 180_000) throw new Error('not ready after 180 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const withBuild = await timeToReady('npm', ['start']);
const serverOnly = await timeToReady(process.execPath, ['--import', 'tsx', 'apps/server/src/main/start.ts']);
console.log(`npm start → /readyz on a fresh data folder: ${withBuild.toFixed(1)} s (web build included)`);
console.log(`server start → /readyz on a fresh data folder: ${serverOnly.toFixed(1)} s (app already built)`);
console.log(
  JSON.stringify({
    bench: 'startup',
    npmStartSeconds: +withBuild.toFixed(2),
    serverStartSeconds: +serverOnly.toFixed(2),
  }),
);
