import { and, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { stripeEvent } from '../../db/schema.ts';
import type { JobQueue, SendOptions as QueueSendOptions } from '../../jobs/queue.ts';
import type { JobDefinition } from '../../jobs/registry.ts';
import { drainWorkspace } from './drain.ts';

export const drainQueue = 'sync.drain';

type SendOptions = Omit<QueueSendOptions, 'singletonKey'>;

/**
 * Asks for a drain of the workspace's inbox. The queue is `stately` with the workspace id as key:
 * at most one drain queued and one running per workspace, so a burst of webhooks costs one job,
 * and one tenant's backlog occupies one worker slot at a time.
 */
export const enqueueDrain = (queue: JobQueue, subscriptionId: string, options: SendOptions = {}) =>
  queue.send(drainQueue, { subscriptionId }, { ...options, singletonKey: subscriptionId });

export const drainJob = (context: AppContext): JobDefinition => ({
  name: drainQueue,
  handler: async (data) => drainWorkspace(context, (data as { subscriptionId: string }).subscriptionId),
  options: {
    // A drain of a worker that died (kill -9) is noticed by its missing heartbeat and run again.
    queue: {
      policy: 'stately',
      retryLimit: 20,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 300,
      heartbeatSeconds: 10,
      expireInSeconds: 600,
    },
    // One job per fetch: a long drain must not hold other tenants' jobs behind it.
    worker: { batchSize: 1 },
  },
});

/**
 * The sweep (at worker start, then every few seconds): a drain for every workspace with events
 * waiting longer than `olderThanSeconds`, so nothing accepted waits for the next webhook after a
 * lost drain request, a crash or a restart.
 */
export const enqueuePendingDrains = async (context: AppContext, olderThanSeconds = 0): Promise<void> => {
  const rows = await context.database.db
    .selectDistinct({ subscriptionId: stripeEvent.subscriptionId })
    .from(stripeEvent)
    .where(
      and(
        inArray(stripeEvent.state, ['received', 'ready']),
        lte(stripeEvent.receivedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    );
  for (const { subscriptionId } of rows) {
    if (subscriptionId) await enqueueDrain(context.queue, subscriptionId);
  }
};
