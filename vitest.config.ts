import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers by file name (STYLE §9): `*.test.ts` units, `*.integration.test.ts` against a real
 * database — once on PGlite and, when `TEST_DATABASE_URL` names a server, once on PostgreSQL.
 * `scripts/test.mjs` decides whether PostgreSQL is there and says so.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const integration = ['**/*.integration.test.ts'];
const exclude = ['**/node_modules/**', '**/dist/**', 'e2e/**'];

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
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [...exclude, ...integration],
        },
      },
      {
        test: {
          name: 'integration:pglite',
          include: integration,
          exclude,
          env: { TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'integration:postgres',
                include: integration,
                exclude,
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
