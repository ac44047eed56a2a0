import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type Job, type Queue } from 'pg-boss';
import type { Database, Transaction } from '../db/client.ts';

/**
 * The job queue: pg-boss on the same PostgreSQL (or PGlite) as everything else, so enqueueing
 * commits with the caller's transaction and any number of workers share work (decision 003).
 */
export type JobQueue = {
  boss: PgBoss;
  /** Creates a queue if it does not exist yet (idempotent, safe from every process). */
  define: (name: string, options?: Omit<Queue, 'name'>) => Promise<void>;
  /** Enqueues inside `tx` when given, so the job exists exactly when the caller's writes do. */
  send: (name: string, data: object, options?: SendOptions) => Promise<void>;
  work: <T extends object>(name: string, handler: JobHandler<T>, options?: WorkerOptions) => Promise<void>;
  /** Empties a job's data once it served its purpose (a sent e-mail's links must not stay behind). */
  clearData: (name: string, id: string) => Promise<void>;
  /**
   * Stops taking jobs: each job in hand finishes, the rest of its batch is released (failed with
   * "released at shutdown", so pg-boss hands it to another worker; it never started).
   */
  stopWorking: () => Promise<void>;
  stop: () => Promise<void>;
  /** The jobs whose handler is running now, with when each started (what a stuck shutdown waits for). */
  inHand: () => { name: string; id: string; since: Date }[];
};

/** `startAfter`: seconds from now, or a moment. */
export type SendOptions = { tx?: Transaction; singletonKey?: string; startAfter?: number | Date };
export type JobHandler<T> = (data: T, job: Job<T>) => Promise<void>;
/** Handles the data of a fetch's jobs as one piece of work. */
export type BatchHandler<T> = (data: T[]) => Promise<void>;
export type WorkerOptions = {
  batchSize?: number;
  concurrency?: number;
  /** The jobs of a fetch run at once, not one after another: a fetch and a completion for many. */
  together?: boolean;
  /**
   * Handles a fetch's jobs as one, instead of the handler one by one: the work of many shares its
   * statements. They complete, or fail, together.
   */
  handleBatch?: BatchHandler<object>;
};

/** A background job: its queue's name and settings and its handler (main/job-registry.ts lists them all). */
export type JobDefinition = {
  name: string;
  handler: JobHandler<object>;
  options: { queue?: Omit<Queue, 'name'>; worker?: WorkerOptions };
};

/** Lets HTTP requests in between jobs: PGlite runs on the main thread (ARCHITECTURE §11). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How often pg-boss looks for jobs of dead workers (missed heartbeats, expiry): a sync drain of a
 * worker killed with `kill -9` runs again within about 20 s instead of pg-boss's default minute.
 */
const supervision = {
  superviseIntervalSeconds: 10,
  // Completed jobs past their queue's `deleteAfterSeconds` are deleted on this pass (pg-boss's
  // default is once a day): the sync's drains, many a second, would otherwise pile up a day of rows
  // that every monitor pass counts (decision 083).
  maintenanceIntervalSeconds: 300,
};

/**
 * A web process behind a transaction-mode pooler only sends jobs (decision 060): no LISTEN, which
 * needs a session, and no supervision or cron, which the workers on their direct connections do.
 */
const onlySending = { useListenNotify: false, supervise: false, schedule: false };

export const releasedAtShutdown = 'released at shutdown: another worker takes it';

export const createJobQueue = async (database: Database): Promise<JobQueue> => {
  const boss =
    database.engine === 'pglite'
      ? new PgBoss({
          ...supervision,
          db: fromPglite(database.pglite),
          backend: 'pglite',
          schedule: false,
          // PGlite delivers NOTIFY inside the process: workers wake on a new job instead of polling
          // every 0.5 s, which kept the single-threaded database busy a quarter of the time while idle
          // and queued every HTTP request's statements behind the polls.
          useListenNotify: true,
        })
      : new PgBoss({
          ...supervision,
          connectionString: database.connectionString,
          max: 10,
          ...(database.pooler === 'transaction' ? onlySending : { useListenNotify: true }),
        });
  boss.on('error', (error) => console.error('[queue]', error));
  await boss.start();
  const worked = new Set<string>();
  const running = new Map<string, { name: string; id: string; since: Date }>();
  let stopping = false;

  return {
    boss,
    define: async (name, options) => {
      const queue = await boss.getQueue(name);
      if (!queue) await boss.createQueue(name, { notify: true, ...options });
      // A queue made by an earlier release takes a retention set since (pg-boss keeps a queue's own).
      else if (
        options?.deleteAfterSeconds !== undefined &&
        queue.deleteAfterSeconds !== options.deleteAfterSeconds
      )
        await boss.updateQueue(name, { deleteAfterSeconds: options.deleteAfterSeconds });
      // pg-boss caches queues at start and looks a newer one up on its own connection at the first
      // send; inside a transaction on PGlite's single connection that lookup would wait forever.
      // Any by-name read fills the cache now.
      await boss.getJobById(name, randomUUID());
    },
    send: async (name, data, options = {}) => {
      const db = options.tx ? fromDrizzle(options.tx as never, sql) : undefined;
      await boss.send(name, data, { db, singletonKey: options.singletonKey, startAfter: options.startAfter });
    },
    work: async (name, handler, options = {}) => {
      worked.add(name);
      const batchSize = options.batchSize ?? 20;
      // One pg-boss worker per slot, so each knows its id: after a full fetch it asks for the next
      // one at once (pg-boss's own burst mode is off at batchSize 1). Otherwise a backlog, whose
      // sends the queue's policy swallows without a NOTIFY, would be fetched once per polling
      // interval per slot (decision 038).
      const runJob = async (job: Job<unknown>) => {
        if (stopping)
          return { id: job.id, status: 'failed' as const, output: { message: releasedAtShutdown } };
        running.set(job.id, { name, id: job.id, since: new Date() });
        try {
          await handler(job.data as never, job as never);
          return { id: job.id, status: 'completed' as const };
        } catch (error) {
          return { id: job.id, status: 'failed' as const, output: { message: String(error) } };
        } finally {
          running.delete(job.id);
        }
      };
      const runAsOne = async (jobs: Job<unknown>[], handleBatch: BatchHandler<object>) => {
        const outcome = (status: 'completed' | 'failed', message?: string) =>
          jobs.map((job) => ({ id: job.id, status, ...(message ? { output: { message } } : {}) }));
        if (stopping) return outcome('failed', releasedAtShutdown);
        for (const job of jobs) running.set(job.id, { name, id: job.id, since: new Date() });
        try {
          await handleBatch(jobs.map((job) => job.data as object));
          return outcome('completed');
        } catch (error) {
          return outcome('failed', String(error));
        } finally {
          for (const job of jobs) running.delete(job.id);
        }
      };
      const runBatch = async (jobs: Job<unknown>[]) => {
        if (options.handleBatch) return runAsOne(jobs, options.handleBatch);
        if (options.together) return Promise.all(jobs.map(runJob));
        const results = [];
        for (const job of jobs) {
          results.push(await runJob(job));
          await yieldToEventLoop();
        }
        return results;
      };
      const workerIds: string[] = [];
      for (let slot = 0; slot < (options.concurrency ?? 1); slot++) {
        workerIds[slot] = await boss.work(
          name,
          {
            batchSize,
            localConcurrency: 1,
            pollingIntervalSeconds: 0.5,
            notifyPollingIntervalSeconds: 5,
            perJobResults: true,
          },
          async (jobs) => {
            const results = await runBatch(jobs);
            const workerId = workerIds[slot];
            if (jobs.length >= batchSize && workerId && !stopping) boss.notifyWorker(workerId);
            return results;
          },
        );
      }
    },
    clearData: async (name, id) => {
      await database.db.execute(
        sql`update pgboss.job set data = '{}'::jsonb where name = ${name} and id = ${id}`,
      );
    },
    stopWorking: async () => {
      stopping = true;
      await Promise.all([...worked].map((name) => boss.offWork(name, { wait: true })));
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
    inHand: () => [...running.values()],
  };
};
