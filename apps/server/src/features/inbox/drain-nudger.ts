import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/queue.ts';
import { enqueueDrains } from './drain-queue.ts';

/** At most one drain request per window from this process, for every workspace nudged in it. */
export const nudgeWindowMs = 100;

export type DrainNudger = { nudge: (subscriptionId: string) => void; stop: () => void };

/**
 * Asks for drains after events were stored, outside the request: the inbox row is already the
 * durable job (decision 010), so this only wakes a worker. Nudges are gathered: a lone one goes
 * out at once, the ones that follow within the window go out together at its end, one statement
 * for every workspace nudged (a statement per workspace cost the embedded database a third of the
 * webhook's throughput, decision 038). None is dropped; a lost request (crash, database hiccup) is
 * made up by the worker's sweep of waiting events.
 */
export const createDrainNudger = (queue: JobQueue, logger: FastifyBaseLogger): DrainNudger => {
  const waiting = new Set<string>();
  let lastSent = 0;
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    timer = undefined;
    lastSent = Date.now();
    const subscriptionIds = [...waiting];
    waiting.clear();
    enqueueDrains(queue, subscriptionIds).catch((error: unknown) =>
      logger.warn(
        { err: error, workspaces: subscriptionIds.length },
        'drain requests failed; the sweep will pick the events up',
      ),
    );
  };
  return {
    nudge: (subscriptionId) => {
      waiting.add(subscriptionId);
      if (timer) return;
      timer = setTimeout(send, Math.max(0, lastSent + nudgeWindowMs - Date.now()));
      timer.unref();
    },
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
      waiting.clear();
    },
  };
};
