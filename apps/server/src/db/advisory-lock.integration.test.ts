import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../testing/test-app.ts';
import { withAdvisoryLock } from './advisory-lock.ts';

/**
 * A lock holder keeps its session for the whole job and runs its statements on the pool meanwhile:
 * more holders at once than the pool has connections (WORKER_CONCURRENCY above 10, or drains,
 * imports and reconciliations together) must all finish, not wait on each other forever.
 */
describe.runIf(testEngine() === 'postgres')('advisory locks on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets more holders than the pool has connections each run statements on the pool', async () => {
    const holders = 16;
    const done = await Promise.all(
      Array.from({ length: holders }, (_, n) =>
        withAdvisoryLock(t.context.database, { namespace: 9_999, key: `holder-${n}` }, async () => {
          await t.context.database.db.execute(sql`select pg_sleep(0.05)`);
          return n;
        }),
      ),
    );
    expect(done).toEqual(Array.from({ length: holders }, (_, n) => n));
  }, 20_000);
});
