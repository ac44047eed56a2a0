import type { Queue } from 'pg-boss';
import type { AppContext } from '../context.ts';
import type { JobHandler, WorkerOptions } from './queue.ts';

export type JobDefinition = {
  name: string;
  handler: JobHandler<object>;
  options: { queue?: Omit<Queue, 'name'>; worker?: WorkerOptions };
};

/**
 * Every background job of the product, by queue name. The features that need background work
 * (sync, e-mail, backfill) add theirs here; a worker process runs all of them.
 */
export const jobHandlers = (_context: AppContext): JobDefinition[] => [];
