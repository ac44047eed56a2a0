import type { JobQueue, SendOptions as QueueSendOptions } from '../../jobs/queue.ts';

export const drainQueue = 'sync.drain';

type SendOptions = Omit<QueueSendOptions, 'singletonKey'>;

/**
 * Asks for a drain of the workspace's inbox. The queue is `short` with the workspace id as key: at
 * most one drain queued per workspace, so a burst of webhooks costs one job.
 */
export const enqueueDrain = (queue: JobQueue, subscriptionId: string, options: SendOptions = {}) =>
  queue.send(drainQueue, { subscriptionId }, { ...options, singletonKey: subscriptionId });

/** Asks for drains of several workspaces in one statement, each as `enqueueDrain` would. */
export const enqueueDrains = async (queue: JobQueue, subscriptionIds: string[]): Promise<void> => {
  if (subscriptionIds.length === 0) return;
  await queue.boss.insert(
    drainQueue,
    subscriptionIds.map((subscriptionId) => ({ data: { subscriptionId }, singletonKey: subscriptionId })),
  );
};
