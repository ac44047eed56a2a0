import type { DatabaseTarget } from '../apps/server/src/db/client.ts';
import { createPostgresDatabase } from '../apps/server/src/testing/test-app.ts';

process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

export type Engine = 'pglite' | 'postgres';

/**
 * Runs `measure` on a fresh PostgreSQL database (left out, with a notice, when no server answers)
 * and on an in-memory PGlite, printing each engine's figures as they come.
 */
export const onBothEngines = async <F>(
  measure: (engine: Engine, target: DatabaseTarget) => Promise<F>,
): Promise<F[]> => {
  const results: F[] = [];
  const postgres = await createPostgresDatabase().catch(() => undefined);
  if (postgres) {
    try {
      results.push(await measure('postgres', { databaseUrl: postgres.url }));
      console.log(results.at(-1));
    } finally {
      await postgres.drop();
    }
  } else {
    console.log('PostgreSQL not reachable: its figures are left out.');
  }
  results.push(await measure('pglite', { pgliteDir: undefined }));
  console.log(results.at(-1));
  return results;
};
