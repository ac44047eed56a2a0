#!/usr/bin/env node
// `npm run build`: the web app (Vite) and the server's entries (scripts/build-server.mjs), each
// rebuilt only when its inputs changed since its last build, so `npm start` on an up-to-date
// checkout starts at once. "Changed" is by content: a hash of every input file (path and bytes)
// and of the VITE_ variables, kept beside node_modules' other caches once a build succeeds; a
// missing output or `--force` builds anyway.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const force = process.argv.includes('--force');
const stampDir = 'node_modules/.cache/billbridge-build';
const shared = ['packages/contract', 'package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs'];

const targets = [
  {
    name: 'web',
    inputs: ['apps/web', ...shared],
    output: 'apps/web/dist/index.html',
    command: ['npm', ['run', 'build', '--workspace', 'apps/web']],
  },
  {
    name: 'server',
    inputs: ['apps/server/src', 'packages/sandbox/src', 'scripts/build-server.mjs', ...shared],
    output: 'apps/server/dist/main/start.js',
    command: ['node', ['scripts/build-server.mjs']],
  },
];

/** `entry` itself or every file under it, skipping installed packages and build outputs. */
const filesOf = (entry) => {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { withFileTypes: true, recursive: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.join(dirent.parentPath, dirent.name))
    .filter((file) => !/(^|\/)(node_modules|dist)\//.test(file));
};

const hashOf = (inputs) => {
  const hash = createHash('sha256');
  const files = inputs.flatMap(filesOf).sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  const viteEnv = Object.entries(process.env).filter(([key]) => key.startsWith('VITE_'));
  hash.update(JSON.stringify(viteEnv.sort()));
  return hash.digest('hex');
};

mkdirSync(stampDir, { recursive: true });
for (const target of targets) {
  const stampFile = path.join(stampDir, `${target.name}.sha256`);
  const hash = hashOf(target.inputs);
  const built =
    existsSync(target.output) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash;
  if (built && !force) {
    console.log(`build: ${target.name} is up to date`);
    continue;
  }
  console.log(`build: ${target.name} ${built ? '(forced)' : 'changed: building'}`);
  const [command, args] = target.command;
  const status = spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
  if (status !== 0) process.exit(status);
  writeFileSync(stampFile, hash);
}
