import { and, asc, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { LockTimeoutError, withAdvisoryLock, withFreeAdvisoryLocks } from '../../../db/advisory-lock.ts';
import { stripeEvent } from '../../../db/schema.ts';
import type { JobDefinition } from '../../../jobs/queue.ts';
import { lockNamespaces } from '../../../db/lock-namespaces.ts';
import { drain } from './drain.ts';
import { drainQueue, enqueueDrain, enqueueDrains } from '../../inbox/drain-queue.ts';

/**
 * One drain at a time per workspace, on every machine: a PostgreSQL advisory lock, which a killed
 * worker drops with its connection, so the next drain starts at once. A drain that finds the lock
 * busy leaves the work to the one holding it (and asks again shortly, in case that one was ending).
 * The drain's statements go through the lock's own session: one connection per drain, not two.
 */
const drainAlone = async (context: AppContext, subscriptionId: string): Promise<void> => {
  try {
    await withAdvisoryLock(
      context.database,
      { namespace: lockNamespaces.drain, key: subscriptionId, timeoutMs: 2_000 },
      (db) => drain(context, db, [subscriptionId]),
    );
  } catch (error) {
    if (!(error instanceof LockTimeoutError)) throw error;
    await enqueueDrain(context.queue, subscriptionId, { startAfter: 2 });
  }
};

/**
 * The drains of a fetch: the workspaces whose locks are free now (all taken in one statement) drain
 * together, sharing statements; each of the others waits for its lock as a lone drain does.
 */
const drainTogether = async (context: AppContext, subscriptionIds: string[]): Promise<void> => {
  await withFreeAdvisoryLocks(
    context.database,
    { namespace: lockNamespaces.drain, keys: subscriptionIds },
    async ({ held, release }) => {
      const busy = [...new Set(subscriptionIds)].filter((id) => !held.includes(id));
      const drained = await Promise.allSettled([
        ...(held.length ? [drain(context, context.database.db, held, release)] : []),
        ...busy.map((id) => drainAlone(context, id)),
      ]);
      const failed = drained.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    },
  );
};

const subscriptionIdOf = (data: object) => (data as { subscriptionId: string }).subscriptionId;

export const drainJob = (context: AppContext): JobDefinition => ({
  name: drainQueue,
  handler: async (data) => drainAlone(context, subscriptionIdOf(data)),
  options: {
    queue: {
      // One queued drain per workspace (a burst of webhooks costs one job); the lock keeps it to
      // one running, and a drain of a dead worker does not block the next.
      policy: 'short',
      retryLimit: 20,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 300,
      heartbeatSeconds: 10,
      expireInSeconds: 600,
      // A finished drain says nothing the activity log does not: kept an hour, not pg-boss's week
      // (a busy engine finishes millions a week; decision 083).
      deleteAfterSeconds: 3_600,
    },
    // Several workspaces' drains per fetch, run at once (a long one holds no other behind it): one
    // fetch, one completion and shared statements for eight drains. Each slot then drains up to
    // eight workspaces.
    worker: { batchSize: 8, handleBatch: async (data) => drainTogether(context, data.map(subscriptionIdOf)) },
  },
});

/** Waiting events one sweep looks at, oldest first: those of the workspaces most behind. */
const sweptEvents = 10_000;

/**
 * The sweep (at worker start, then every few seconds): a drain for every workspace with events
 * waiting longer than `olderThanSeconds`, so nothing accepted waits for the next webhook after a
 * lost drain request, a crash or a restart. One statement for all of them: behind a backlog of a
 * thousand workspaces, a request each was a thousand statements every few seconds.
 */
export const enqueuePendingDrains = async (context: AppContext, olderThanSeconds = 0): Promise<void> => {
  const { db } = context.database;
  // The oldest waiting events in the waiting index's order, up to a bound: a plain index scan,
  // which marks the entries of events settled since the last sweep dead as it passes (a bitmap
  // scan leaves them: each sweep then read every event settled since the last vacuum, 54,000
  // entries on 5,000 pages for 6,000 waiting). The oldest first, so none is passed over for long.
  const oldest = db
    .select({ subscriptionId: stripeEvent.subscriptionId })
    .from(stripeEvent)
    .where(
      and(
        inArray(stripeEvent.state, ['received', 'ready']),
        lte(stripeEvent.receivedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .orderBy(asc(stripeEvent.receivedAt))
    .limit(sweptEvents)
    .as('oldest');
  const rows = await db.selectDistinct({ subscriptionId: oldest.subscriptionId }).from(oldest);
  await enqueueDrains(
    context.queue,
    rows.flatMap(({ subscriptionId }) => (subscriptionId ? [subscriptionId] : [])),
  );
};
