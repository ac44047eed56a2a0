/**
 * `npm run bench:startup`: seconds from the start command to `/readyz` answering 200 on a fresh
 * data folder — `npm start` as a newcomer runs it (web build included), again on that up-to-date
 * build (nothing rebuilt, decision 059), then the server alone on an already-built app, compiled
 * (as production runs it) and from source through tsx (as before decision 029) — with each one's
 * resident memory once ready. Ends with one JSON line.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.BENCH_PORT ?? 3390);

/** Resident memory of a process in MB (Linux), read once it is ready. */
const residentMb = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
};

type Ready = { seconds: number; rssMb: number };

const timeToReady = async (command: string, args: string[]): Promise<Ready> => {
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
      if (ready) return { seconds: (performance.now() - started) / 1000, rssMb: residentMb(child.pid ?? 0) };
      if (performance.now() - started > 180_000) throw new Error('not ready after 180 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    // `npm` exits before the server it started has stopped: the next run must not find it answering.
    while (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        () => true,
        () => false,
      )
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
};

// Without the build's record of what it last built, `npm start` builds everything, as on a fresh clone.
rmSync('node_modules/.cache/billbridge-build', { recursive: true, force: true });
const withBuild = await timeToReady('npm', ['start']);
const upToDate = await timeToReady('npm', ['start']);
const compiled = await timeToReady(process.execPath, ['apps/server/dist/main/start.js']);
const fromSource = await timeToReady(process.execPath, ['--import', 'tsx', 'apps/server/src/main/start.ts']);
console.log(`Node.js ${process.version}`);
console.log(
  `npm start → /readyz on a fresh data folder: ${withBuild.seconds.toFixed(1)} s (builds included), ${upToDate.seconds.toFixed(1)} s on an up-to-date build`,
);
for (const [name, ready] of [
  ['compiled', compiled],
  ['tsx (source)', fromSource],
] as const) {
  console.log(`server ${name} → /readyz: ${ready.seconds.toFixed(1)} s, RSS ${ready.rssMb} MB once ready`);
}
console.log(
  JSON.stringify({
    bench: 'startup',
    node: process.version,
    npmStartSeconds: +withBuild.seconds.toFixed(2),
    npmStartUpToDateSeconds: +upToDate.seconds.toFixed(2),
    compiledStartSeconds: +compiled.seconds.toFixed(2),
    compiledRssMb: compiled.rssMb,
    tsxStartSeconds: +fromSource.seconds.toFixed(2),
    tsxRssMb: fromSource.rssMb,
  }),
);
