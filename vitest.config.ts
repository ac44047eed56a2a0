import os from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Three tiers by file name (STYLE §9): `*.test.ts` units, `*.integration.test.ts` against a real
 * database — once on PGlite and, when `TEST_DATABASE_URL` names a server, once on PostgreSQL.
 * `scripts/test.mjs` decides whether PostgreSQL is there and says so.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const integration = ['**/*.integration.test.ts'];
const exclude = ['**/node_modules/**', '**/dist/**', 'e2e/**'];

/**
 * Integration files that run alone, after the others: they start several server and worker
 * processes (each with its own PostgreSQL pools: two of them side by side came within a few
 * connections of PostgreSQL's default limit of 100) or hold the sync to wall-clock goals (p99
 * latency, shutdown within 10 s, a tenant behind another's backlog within 2 s) that a second test
 * file on the same two cores would be measuring instead.
 */
const alone = [
  'apps/server/src/main/scale-out.integration.test.ts',
  'apps/server/src/main/shutdown.integration.test.ts',
  'apps/server/src/features/sync/crash.integration.test.ts',
  'apps/server/src/features/sync/reliability.integration.test.ts',
];

/**
 * Integration files that keep their own modules: this one timed out waiting for its first sync
 * in both engines' shared runs, yet passed alone and after four other files in one worker
 * (decision 081); isolated until a quiet run tells load from leaked state.
 */
const isolated = ['apps/server/src/features/deal-stages/deal-stages.integration.test.ts'];

/** The integration files on one engine: most of them one per core, then the `alone` ones one by one. */
const integrationProjects = (
  engine: string,
  env: Record<string, string>,
): TestProjectInlineConfiguration[] => {
  // Each project makes one migrated database and every test file starts from a copy of it.
  const common = {
    env,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['apps/server/src/testing/database-template.ts'],
    setupFiles: ['apps/server/src/testing/template-setup.ts'],
  };
  return [
    {
      test: {
        ...common,
        name: `integration:${engine}`,
        // Each worker imports the server once, not once per file (decision 081): the files leave
        // no state behind, and the stand-ins number portals uniquely in the process, as HubSpot does.
        isolate: false,
        include: integration,
        exclude: [...exclude, ...alone, ...isolated],
      },
    },
    { test: { ...common, name: `integration:${engine}:isolated`, include: isolated, exclude } },
    // One worker and the default group order: Vitest runs such files in a group of their own, last.
    { test: { ...common, name: `integration:${engine}:alone`, include: alone, exclude, maxWorkers: 1 } },
  ];
};

export default defineConfig({
  test: {
    // One file per core, not Vitest's default of one fewer: most integration files wait on the
    // database, child processes and timers, so on 2 cores the default ran one file at a time
    // (28 min, about one core busy); two at a time finish sooner and still fit the cores.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          // Units keep no state between files (no module mocks, timers and globals restored after
          // each test), so each worker imports a module once instead of once per file (decision 074).
          isolate: false,
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [...exclude, ...integration],
        },
      },
      ...integrationProjects('pglite', { TEST_DB: 'pglite' }),
      ...(postgresUrl
        ? integrationProjects('postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl })
        : []),
    ],
  },
});
