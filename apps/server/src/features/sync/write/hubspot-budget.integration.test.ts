import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { blockHubSpotCalls, budget, takeHubSpotCall } from './hubspot-budget.ts';

/** The portal's bucket as callers on many connections meet it: never more calls than it allows. */
describe('the HubSpot call budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** When each of `count` callers racing for the portal's calls got one, in ms from the start. */
  const race = async (hubId: number, count: number) => {
    const from = Date.now();
    return Promise.all(
      Array.from({ length: count }, async () => {
        await takeHubSpotCall(t.context.database, hubId);
        return Date.now() - from;
      }),
    );
  };

  it('lets a new portal’s full bucket go at once, then refills at its rate and never faster', async () => {
    const times = (await race(7_001, 15)).sort((a, b) => a - b);
    // By any moment t, at most the bucket plus what t refilled (a slow machine only lowers it).
    times.forEach((at, index) =>
      expect(index + 1).toBeLessThanOrEqual(budget.capacity + Math.floor((at / 1000) * budget.perSecond) + 1),
    );
    expect(times.at(-1)).toBeGreaterThanOrEqual(((15 - budget.capacity - 1) / budget.perSecond) * 1000);
  });

  it('keeps every caller waiting while a 429 blocks the portal', async () => {
    await takeHubSpotCall(t.context.database, 7_002);
    await blockHubSpotCalls(t.context.database.db, 7_002, 1);
    const times = await race(7_002, 3);
    for (const at of times) expect(at).toBeGreaterThanOrEqual(900);
  });
});
