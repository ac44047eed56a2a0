import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { JobDefinition } from '../../jobs/queue.ts';
import { pruneOnce, type RetentionPolicy } from './prune.ts';

export const retentionQueue = 'retention.prune';

/** Rows each statement touches: a few milliseconds of row locks, never a long one (decision 058). */
export const retentionBatchSize = 500;

/** A pass an hour is enough: what it drops grows by an hour's events, and an idle pass is cheap. */
const everySeconds = 3_600;

export const retentionPolicyOf = (context: AppContext): RetentionPolicy => ({
  payloadDays: context.config.eventPayloadDays,
  batchSize: retentionBatchSize,
});

/**
 * Queues the next pass an hour ahead. Workers call it every minute; the queue keeps one queued
 * (`short`), so every worker may ask and a pass still runs once an hour, on whichever worker.
 */
export const scheduleRetention = (context: AppContext): Promise<void> =>
  context.queue.send(retentionQueue, {}, { singletonKey: retentionQueue, startAfter: everySeconds });

/**
 * Runs one pruning pass and logs what it did and how long it took. PGlite has no autovacuum: the
 * pass's plain VACUUM (no rewrite, no exclusive lock) lets new rows reuse the space it freed.
 */
export const runRetention = async (context: AppContext): Promise<void> => {
  const started = performance.now();
  const { db, engine } = context.database;
  const counts = await pruneOnce(db, retentionPolicyOf(context));
  const freed = counts.payloadsDropped + counts.activitiesDeleted + counts.eventsDeleted;
  if (engine === 'pglite' && freed > 0) await db.execute(sql`vacuum stripe_event, activity`);
  if (engine === 'pglite' && counts.auditEventsDeleted > 0) await db.execute(sql`vacuum audit_event`);
  context.logger.info({ ...counts, ms: Math.round(performance.now() - started) }, 'retention pass done');
};

export const retentionJob = (context: AppContext): JobDefinition => ({
  name: retentionQueue,
  handler: () => runRetention(context),
  options: {
    queue: { policy: 'short', retryLimit: 3, retryDelay: 60, expireInSeconds: 3_600 },
    worker: { batchSize: 1 },
  },
});
