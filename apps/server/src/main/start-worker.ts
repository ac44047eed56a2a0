import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { resumeRunningBackfills } from '../features/sources/backfill/backfill-job.ts';
import { enqueuePendingDrains } from '../features/sync/drain/drain-job.ts';
import { rollEndedPeriods } from '../features/subscriptions/period-roll.ts';
import { forgetUntrustedPortalFacts } from '../providers/hubspot/portal-facts.ts';
import {
  resumeRunningReconciliations,
  startDueReconciliations,
} from '../features/sources/reconciliation/schedule-reconciliations.ts';
import { scheduleRetention } from '../features/retention/retention-job.ts';
import { jobHandlers } from './job-registry.ts';

const analyzeEveryMs = 60_000;
const periodRollEveryMs = 60_000;
const sweepEveryMs = 3_000;

/**
 * Starts the job handlers of this process. On PGlite there is no autovacuum, and stale planner
 * statistics slow pg-boss's fetch from ~10 k to under 1 k jobs/s (ARCHITECTURE §11): ANALYZE
 * runs every minute there.
 */
export const startWorker = async (context: AppContext): Promise<() => void> => {
  for (const { name, handler, options } of jobHandlers(context)) {
    await context.queue.define(name, options.queue);
    await context.queue.work(name, handler, {
      ...options.worker,
      concurrency: context.config.workerConcurrency,
    });
  }
  await enqueuePendingDrains(context);
  await resumeRunningBackfills(context);
  await resumeRunningReconciliations(context);
  const sweepTimer = setInterval(() => {
    enqueuePendingDrains(context, 3).catch((error) => context.logger.warn({ err: error }, 'sweep failed'));
  }, sweepEveryMs);
  sweepTimer.unref();
  // Free workspaces start their next period (and capped ones sync what they held) within a minute;
  // an import or a reconciliation whose follow-up job was lost goes on; sources due are reconciled;
  // portal facts past their trust go; the next retention pass is queued (decision 058).
  const rollTimer = setInterval(() => {
    rollEndedPeriods(context).catch((error) => context.logger.warn({ err: error }, 'period roll failed'));
    resumeRunningBackfills(context).catch((error) => context.logger.warn({ err: error }, 'resume failed'));
    forgetUntrustedPortalFacts(context.database.db).catch((error) =>
      context.logger.warn({ err: error }, 'portal facts not dropped'),
    );
    resumeRunningReconciliations(context)
      .then(() => startDueReconciliations(context))
      .catch((error) => context.logger.warn({ err: error }, 'reconciliation schedule failed'));
    scheduleRetention(context).catch((error) => context.logger.warn({ err: error }, 'retention not queued'));
  }, periodRollEveryMs);
  rollTimer.unref();
  const stopTimers = () => {
    clearInterval(rollTimer);
    clearInterval(sweepTimer);
  };
  if (context.database.engine !== 'pglite') return stopTimers;
  const timer = setInterval(() => {
    context.database.db
      .execute(sql`analyze`)
      .catch((error) => context.logger.warn({ err: error }, 'analyze failed'));
  }, analyzeEveryMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    stopTimers();
  };
};
