#!/usr/bin/env node
// The whole test suite (decision 071): typecheck, lint and the build side by side (a type or lint
// error fails the run before any test), then Vitest (unit + integration on PGlite and, when
// reachable, PostgreSQL), then Playwright in Chromium. In CI the PostgreSQL leg is mandatory; elsewhere it is left out
// with a notice when no server answers. Ends with each phase's time, the failed tests (name,
// file, first lines of the error: CI keeps only the tail of the output) and one plain
// "N passed, N failed" line.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import pg from 'pg';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const databaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const reachable = async (url) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

console.log(`Node.js ${process.version}`);
const env = { ...process.env };
if (await reachable(databaseUrl)) {
  env.TEST_DATABASE_URL = databaseUrl;
  console.log(`PostgreSQL leg: on (${new URL(databaseUrl).host})`);
} else if (ci) {
  console.error(`PostgreSQL is not reachable at ${new URL(databaseUrl).host}; CI needs it.`);
  process.exit(1);
} else {
  delete env.TEST_DATABASE_URL;
  console.log(
    '\n*** NOTICE: PostgreSQL is not reachable: the PostgreSQL leg of the integration tests is LEFT OUT.',
  );
  console.log('*** Set TEST_DATABASE_URL or start a server on 127.0.0.1:5432 to run it.\n');
}

mkdirSync('.tmp', { recursive: true });
const reports = ['.tmp/vitest.json', '.tmp/playwright.json'];
// A report left by an earlier run must not stand in for one this run failed to write.
for (const report of reports) rmSync(report, { force: true });

/**
 * Runs a command to its end; resolves to its exit status. Jobs that run side by side print each
 * line after their label, so the log says which job a line came from.
 */
const run = (label, command, args, extraEnv = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, ...extraEnv },
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
    }
    child.on('close', (code) => resolve(code ?? 1));
  });

const phases = [];
/** Runs `jobs` side by side and records how long the slowest took, for the summary's last line. */
const phase = async (name, jobs) => {
  const began = performance.now();
  const statuses = await Promise.all(jobs);
  phases.push(`${name} ${Math.round((performance.now() - began) / 1000)} s`);
  return statuses;
};

/** Vitest through `npm run` (it puts node_modules/.bin, the declared Node.js, first on PATH). */
const vitest = (label, outputFile) =>
  run(label, 'npm', [
    'run',
    'test:unit',
    '--',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${outputFile}`,
  ]);

// Typecheck, lint and the build side by side: each is mostly one core's work (decision 071).
const [typecheck, lint] = await phase('checks and build', [
  run('typecheck', 'npm', ['run', 'typecheck']),
  run('lint', 'npm', ['run', 'lint']),
  // Its failure shows again, and fails the run, when test:e2e below builds what is out of date.
  run('build', 'npm', ['run', 'build']),
]);
for (const [script, status] of Object.entries({ typecheck, lint })) {
  if (status !== 0) {
    console.error(`\nnpm run ${script} failed: fix it before the tests run.`);
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
}

// Vitest, then Playwright: not side by side, as Vitest alone keeps both cores busy (decision 071).
const [vitestStatus] = await phase('Vitest', [vitest('vitest', '.tmp/vitest.json')]);
const [e2e] = await phase('Playwright', [
  run('playwright', 'npm', ['run', 'test:e2e', '--', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: reports[1],
  }),
]);

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const unit = readJson(reports[0]);
const browser = readJson(reports[1]);
const firstLines = (message = '') =>
  stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => line.trim() && !/node_modules|^\s*at (new |async )?Promise/.test(line))
    .slice(0, 6)
    .map((line) => `    ${line.trim()}`)
    .join('\n');

const unitFailures = (unit?.testResults ?? []).flatMap((file) => {
  const tests = file.assertionResults.filter((test) => test.status === 'failed');
  const where = file.name.replace(`${process.cwd()}/`, '');
  // A failed hook fails the file with its tests passed, and Vitest's JSON leaves its message out.
  const why = firstLines(file.message) || '    failed outside its tests (a hook): see Vitest above';
  if (tests.length === 0 && file.status === 'failed') return [`  ${where}\n${why}`];
  return tests.map((test) => `  ${where} › ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`);
});

const specsOf = (suite) => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
const browserFailures = (browser?.suites ?? [])
  .flatMap(specsOf)
  .flatMap((spec) => spec.tests.map((test) => ({ spec, test })))
  .filter(({ test }) => test.status === 'unexpected' || test.status === 'flaky')
  .map(({ spec, test }) => {
    const error = test.results.find((result) => result.error)?.error?.message;
    return `  ${spec.file}:${spec.line} › ${spec.title} (${test.status})\n${firstLines(error)}`;
  });

const failures = [...unitFailures, ...browserFailures];
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
const passed = (unit?.numPassedTests ?? 0) + (browser?.stats?.expected ?? 0);
// Each failed test, flaky browser test and file failed outside its tests counts once.
const failed = failures.length;
console.log(`\nPhases: ${phases.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(vitestStatus || e2e || (failed > 0 ? 1 : 0));
