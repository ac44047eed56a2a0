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
