import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/queue.ts';
import { createDrainNudger, nudgeWindowMs } from './drain-nudger.ts';
import { drainQueue } from './drain-queue.ts';

const fakeQueue = () => {
  const requests: string[][] = [];
  const insert = vi.fn(async (name: string, jobs: { singletonKey?: string }[]) => {
    expect(name).toBe(drainQueue);
    requests.push(jobs.map((job) => job.singletonKey ?? ''));
    return null;
  });
  return { queue: { boss: { insert } } as unknown as JobQueue, requests };
};

const logger = { warn: vi.fn() } as unknown as FastifyBaseLogger;

describe('the drain nudger', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for a lone workspace’s drain at once', async () => {
    const { queue, requests } = fakeQueue();
    createDrainNudger(queue, logger).nudge('ws-a');
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([['ws-a']]);
  });

  it('asks for every workspace nudged within a window in one request at its end, none dropped', async () => {
    const { queue, requests } = fakeQueue();
    const nudger = createDrainNudger(queue, logger);
    nudger.nudge('ws-a');
    await vi.advanceTimersByTimeAsync(0);
    nudger.nudge('ws-b');
    nudger.nudge('ws-c');
    nudger.nudge('ws-b');
    await vi.advanceTimersByTimeAsync(nudgeWindowMs - 1);
    expect(requests).toEqual([['ws-a']]);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toEqual([['ws-a'], ['ws-b', 'ws-c']]);
  });

  it('sends nothing after it was stopped', async () => {
    const { queue, requests } = fakeQueue();
    const nudger = createDrainNudger(queue, logger);
    nudger.nudge('ws-a');
    nudger.stop();
    await vi.advanceTimersByTimeAsync(nudgeWindowMs);
    expect(requests).toEqual([]);
  });
});
