import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../../jobs/queue.ts';
import { enqueueDrain } from './drain-queue.ts';

/** At most one drain request per workspace per window from this process; the last is never dropped. */
export const nudgeWindowMs = 200;

export type DrainNudger = { nudge: (subscriptionId: string) => void; stop: () => void };

/**
 * Asks for drains after events were stored, outside the request: the inbox row is already the
 * durable job (decision 010), so this only wakes a worker. Requests for one workspace are
 * coalesced — one now, one trailing at the end of the window — and a lost one (crash, database
 * hiccup) is made up by the worker's sweep of waiting events.
 */
export const createDrainNudger = (queue: JobQueue, logger: FastifyBaseLogger): DrainNudger => {
  const lastSent = new Map<string, number>();
  const trailing = new Map<string, NodeJS.Timeout>();
  const send = (subscriptionId: string) => {
    lastSent.set(subscriptionId, Date.now());
    enqueueDrain(queue, subscriptionId).catch((error: unknown) =>
      logger.warn({ err: error, subscriptionId }, 'drain request failed; the sweep will pick the events up'),
    );
  };
  return {
    nudge: (subscriptionId) => {
      const since = Date.now() - (lastSent.get(subscriptionId) ?? 0);
      if (since >= nudgeWindowMs) return send(subscriptionId);
      if (trailing.has(subscriptionId)) return;
      const timer = setTimeout(() => {
        trailing.delete(subscriptionId);
        send(subscriptionId);
      }, nudgeWindowMs - since);
      timer.unref();
      trailing.set(subscriptionId, timer);
    },
    stop: () => {
      for (const timer of trailing.values()) clearTimeout(timer);
      trailing.clear();
    },
  };
};
