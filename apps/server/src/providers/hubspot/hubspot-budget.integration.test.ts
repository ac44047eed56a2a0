import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Sandbox } from '@billbridge/sandbox';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { seedDestination } from '../../testing/sync.ts';
import { signUpUser } from '../../testing/users.ts';
import { seedWorkspace } from '../../testing/workspaces.ts';
import { hubspotAccessOf } from '../../features/destinations/hubspot-access.ts';
import { blockHubSpotCalls, hubspotLimits, takeHubSpotCall, type HubSpotLimits } from './hubspot-budget.ts';
import { hubspotCrm } from './hubspot-crm.ts';

/** The portal's window of calls as callers on many connections meet it: never more calls than it allows. */
describe('the HubSpot call budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** When each of `count` callers racing for the portal's calls got one, in ms from the start, in order. */
  const race = async (hubId: number, count: number, limits?: HubSpotLimits) => {
    const from = Date.now();
    const times = await Promise.all(
      Array.from({ length: count }, async () => {
        await takeHubSpotCall(t.context.database, hubId, limits);
        return Date.now() - from;
      }),
    );
    return times.sort((a, b) => a - b);
  };

  it('lets a quiet portal’s whole window go at once, then a call only as an earlier one leaves the window', async () => {
    const limits = { calls: 5, windowSeconds: 2 };
    const times = await race(7_001, 12, limits);
    // The first five at once; a slow machine only makes them later, never the others earlier.
    expect(times[4]).toBeLessThan(2_000);
    // Each call from the sixth on was taken at least a window after the one five before it.
    expect(times[5]).toBeGreaterThanOrEqual(2_000);
    expect(times[10]).toBeGreaterThanOrEqual(4_000);
  });

  it('takes the calls of several portals together, each within its own window, new and known portals alike', async () => {
    const limits = { calls: 3, windowSeconds: 2 };
    await takeHubSpotCall(t.context.database, 7_003, limits);
    const [known, fresh] = await Promise.all([race(7_003, 4, limits), race(7_004, 5, limits)]);
    // The known portal had one call of its window taken: two more at once, then a window later.
    expect(known[1]).toBeLessThan(2_000);
    expect(known[2]).toBeGreaterThanOrEqual(1_900);
    // The new one: its whole window at once, the rest a window later.
    expect(fresh[2]).toBeLessThan(2_000);
    expect(fresh[3]).toBeGreaterThanOrEqual(2_000);
  });

  it('keeps every caller waiting while a 429 blocks the portal, then lets calls go at the average rate', async () => {
    await takeHubSpotCall(t.context.database, 7_002);
    await blockHubSpotCalls(t.context.database.db, 7_002, 1);
    const times = await race(7_002, 3);
    for (const at of times) expect(at).toBeGreaterThanOrEqual(900);
    // No burst after the block: one call per 1/10 s, the window's average.
    const gap = (hubspotLimits.windowSeconds / hubspotLimits.calls) * 1000;
    expect(times[2]).toBeGreaterThanOrEqual(900 + 2 * gap - 50);
  });

  it('keeps its windows in an unlogged table: a take waits for no flush to disk', async () => {
    const [table] = await queryRows<{ persistence: string }>(
      t.context.database.db,
      sql`select relpersistence as persistence from pg_class where relname = 'hubspot_budget'`,
    );
    expect(table?.persistence).toBe('u');
  });

  it('paces a burst of CRM searches to HubSpot’s 5 a second per portal: none refused, none failed', async () => {
    const sandbox = t.context.providers.sandbox as Sandbox;
    const owner = await signUpUser(t.app);
    const workspace = await seedWorkspace(t.context.database.db, owner.id, []);
    const { portalId, accessToken } = await seedDestination(t.context, workspace, []);
    const tokens = { current: async () => accessToken, refresh: async () => accessToken };
    const crm = hubspotCrm(hubspotAccessOf(t.context), portalId, tokens);

    const searches = 16;
    const answers = await Promise.all(
      Array.from({ length: searches }, (_, index) =>
        crm.findBy('companies', 'domain', [`d${index}.example`]),
      ),
    );
    expect(answers).toEqual(Array.from({ length: searches }, () => []));
    const log = sandbox.hubspotState
      .requestLog(portalId)
      .filter((entry) => entry.path === '/crm/v3/objects/companies/search');
    // Every search reached HubSpot once and was answered: the stand-in refuses a sixth in a second.
    expect(log.map((entry) => entry.status)).toEqual(Array.from({ length: searches }, () => 200));
    const arrivals = log.map((entry) => Date.parse(entry.at) - entry.durationMs).sort((a, b) => a - b);
    const mostInASecond = Math.max(
      ...arrivals.map((from) => arrivals.filter((at) => at >= from && at < from + 990).length),
    );
    expect(mostInASecond).toBeLessThanOrEqual(5);
  });
});
