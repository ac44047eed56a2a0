import type { AppContext } from '../context.ts';
import { backfillJob } from '../features/sources/backfill/backfill-job.ts';
import { drainJob } from '../features/sync/drain/drain-job.ts';
import { reconcileJob } from '../features/sources/reconciliation/reconcile-job.ts';
import { mailSendJob } from '../mail/mail-job.ts';
import { overageJob } from '../features/billing/overage.ts';
import { retentionJob } from '../features/retention/retention-job.ts';
import type { JobDefinition } from '../jobs/queue.ts';

/**
 * Every background job of the product, by queue name. The features that need background work
 * (sync, e-mail, backfill) add theirs here; a worker process runs all of them.
 */
export const jobHandlers = (context: AppContext): JobDefinition[] => [
  mailSendJob(context),
  drainJob(context),
  backfillJob(context),
  overageJob(context),
  reconcileJob(context),
  retentionJob(context),
];

/**
 * Creates every queue at start, in every process: pg-boss refuses to enqueue into a queue that
 * does not exist, and a web node without a worker still enqueues (e.g. an invite's e-mail).
 */
export const defineJobQueues = async (context: AppContext): Promise<void> => {
  for (const { name, options } of jobHandlers(context)) await context.queue.define(name, options.queue);
};
