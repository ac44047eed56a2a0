import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../testing/test-app.ts';
import pg from 'pg';
import { LockTimeoutError, withAdvisoryLock, withFreeAdvisoryLocks } from './advisory-lock.ts';

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

  it('takes the free ones of many locks at once, leaves out one held elsewhere, and frees each when released', async () => {
    if (t.context.database.engine !== 'postgres') throw new Error('postgres only');
    const other = new pg.Client({ connectionString: t.context.database.connectionString });
    await other.connect();
    const tryLock = async (key: string) => {
      const { rows } = await other.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(9999, hashtext($1)) as locked',
        [key],
      );
      if (rows[0]?.locked) await other.query('select pg_advisory_unlock(9999, hashtext($1))', [key]);
      return rows[0]?.locked;
    };
    try {
      await other.query('select pg_advisory_lock(9999, hashtext($1))', ['b']);
      const during = await withFreeAdvisoryLocks(
        t.context.database,
        { namespace: 9_999, keys: ['a', 'b', 'c'] },
        async ({ held, release }) => {
          const whileHeld = await tryLock('a');
          await release(['a']);
          return { held, whileHeld, afterRelease: await tryLock('a'), stillHeld: await tryLock('c') };
        },
      );
      expect(during).toEqual({ held: ['a', 'c'], whileHeld: false, afterRelease: true, stillHeld: false });
      expect(await tryLock('c')).toBe(true);
    } finally {
      await other.end();
    }
  });
});

/**
 * A holder in the same process is waited for no longer than behind one elsewhere: a drain job that
 * waited here for another drain's whole slice held its worker slot as long (scale-out test).
 */
describe('advisory locks held in this process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives up on a key held here after its timeout, while a caller without one waits its turn', async () => {
    const lock = { namespace: 9_998, key: 'held-here' };
    let free = () => undefined as void;
    const holding = new Promise<void>((resolve) => (free = resolve));
    const holder = withAdvisoryLock(t.context.database, lock, () => holding);
    const patient = withAdvisoryLock(t.context.database, lock, async () => 'patient ran');
    // The holder never ends until freed below: only a bounded wait can answer here.
    await expect(
      withAdvisoryLock(t.context.database, { ...lock, timeoutMs: 200 }, async () => 'ran'),
    ).rejects.toBeInstanceOf(LockTimeoutError);
    free();
    await holder;
    expect(await patient).toBe('patient ran');
    expect(await withAdvisoryLock(t.context.database, { ...lock, timeoutMs: 200 }, async () => 'ran')).toBe(
      'ran',
    );
  });
});
