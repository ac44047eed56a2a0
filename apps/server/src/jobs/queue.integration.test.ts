import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { user } from '../db/schema.ts';
import { drainQueue } from '../features/inbox/drain-queue.ts';

const waitFor = async (predicate: () => boolean, timeoutMs = 15_000) => {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the job queue', () => {
  let t: TestApp;
  const seen: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.context.queue.define('probe');
    await t.context.queue.work<{ label: string }>('probe', async ({ label }) => {
      seen.push(label);
    });
  });
  afterAll(() => t.close());

  it('runs a job enqueued in a committed transaction', async () => {
    await t.context.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await t.context.queue.send('probe', { label: 'committed' }, { tx });
    });
    await waitFor(() => seen.includes('committed'));
  });

  it('drops a job whose transaction rolled back', async () => {
    await expect(
      t.context.database.db.transaction(async (tx) => {
        await t.context.queue.send('probe', { label: 'rolled-back' }, { tx });
        await tx.insert(user).values({ id: 'u1', name: 'x', email: 'x@example.com' });
        tx.rollback();
      }),
    ).rejects.toThrow();
    await t.context.queue.send('probe', { label: 'after' });
    await waitFor(() => seen.includes('after'));
    expect(seen).not.toContain('rolled-back');
  });

  it('retries a failing job', async () => {
    let attempts = 0;
    await t.context.queue.define('flaky', { retryLimit: 3, retryDelay: 0 });
    await t.context.queue.work('flaky', async () => {
      attempts += 1;
      if (attempts < 2) throw new Error('transient');
    });
    await t.context.queue.send('flaky', {});
    await waitFor(() => attempts >= 2);
  });

  it('gives a queue made by an earlier release the completed-job retention its definition has now', async () => {
    await t.context.queue.define('kept', { deleteAfterSeconds: 604_800 });
    await t.context.queue.define('kept', { deleteAfterSeconds: 3_600 });
    expect((await t.context.queue.boss.getQueue('kept'))?.deleteAfterSeconds).toBe(3_600);
  });

  it('keeps the sync’s finished drains an hour', async () => {
    expect((await t.context.queue.boss.getQueue(drainQueue))?.deleteAfterSeconds).toBe(3_600);
  });

  it('keeps answering HTTP while a backlog drains', async () => {
    const done: number[] = [];
    await t.context.queue.define('busy');
    await t.context.queue.work<{ n: number }>(
      'busy',
      async ({ n }) => {
        done.push(n);
      },
      { batchSize: 50 },
    );
    await t.context.queue.boss.insert(
      'busy',
      Array.from({ length: 1500 }, (_, n) => ({ data: { n } })),
    );
    let answered = 0;
    while (done.length < 1500) {
      const response = await t.app.inject('/healthz');
      if (response.statusCode === 200) answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // A frozen event loop would answer a handful at most while 1,500 jobs run.
    expect(answered).toBeGreaterThan(5);
  });

  it('works through a backlog one job per fetch without waiting a polling interval between jobs', async () => {
    const done: number[] = [];
    await t.context.queue.define('one-by-one');
    await t.context.queue.boss.insert(
      'one-by-one',
      Array.from({ length: 30 }, (_, n) => ({ data: { n } })),
    );
    await t.context.queue.work<{ n: number }>(
      'one-by-one',
      async ({ n }) => {
        done.push(n);
      },
      { batchSize: 1 },
    );
    // Waiting the 5 s notify backstop after each job would take minutes.
    await waitFor(() => done.length === 30, 10_000);
  });

  it('runs the jobs of one fetch at once when the queue works them together', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    await t.context.queue.define('together');
    await t.context.queue.boss.insert(
      'together',
      Array.from({ length: 4 }, (_, n) => ({ data: { n } })),
    );
    await t.context.queue.work<{ n: number }>(
      'together',
      async ({ n }) => {
        started.push(n);
        // Each job waits until all four started: one after another, the first would wait forever.
        await waitFor(() => started.length === 4, 5_000);
        finished.push(n);
      },
      { batchSize: 4, together: true },
    );
    await waitFor(() => finished.length === 4, 10_000);
  });

  it('hands a fetch’s jobs to a batch handler as one, and fails them all when it throws', async () => {
    const batches: number[][] = [];
    await t.context.queue.define('as-one', { retryLimit: 0 });
    await t.context.queue.boss.insert(
      'as-one',
      Array.from({ length: 4 }, (_, n) => ({ data: { n } })),
    );
    await t.context.queue.work('as-one', async () => undefined, {
      batchSize: 4,
      handleBatch: async (data) => {
        batches.push(data.map((item) => (item as { n: number }).n).sort());
        if (batches.length === 1) throw new Error('the batch failed');
      },
    });
    await waitFor(() => batches.length === 1, 10_000);
    expect(batches).toEqual([[0, 1, 2, 3]]);
    const statesOf = async () => (await t.context.queue.boss.findJobs('as-one')).map((job) => job.state);
    for (const since = Date.now(); Date.now() - since < 10_000;) {
      if ((await statesOf()).every((state) => state === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await statesOf()).toEqual(['failed', 'failed', 'failed', 'failed']);
  });
});
