/**
 * The server the browser tests run against: the real `start` entry (HTTP + worker) on a fresh,
 * temporary data folder that is removed once the server has stopped.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'billbridge-e2e-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main/start.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}

server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
