import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingSubscriptionOf,
  everyEventSettled,
  postWebhook,
  seedSyncedWorkspace,
  stripeEventOf,
  syncBed,
  type SyncBed,
  type SyncedWorkspace,
} from '../../testing/sync.ts';
import { eq } from 'drizzle-orm';
import { hubspotPortalFact } from '../../db/schema.ts';
import { forgetUntrustedPortalFacts, portalFactStore } from './portal-facts.ts';

/** The GETs of a portal's pipelines and currencies since `from` (an index into its request log). */
const factReadsOf = (bed: SyncBed, portalId: number, from: number) =>
  bed.sandbox.hubspotState
    .requestLog(portalId)
    .slice(from)
    .filter((entry) => entry.method === 'GET' && /pipelines|currencies/.test(entry.path))
    .map((entry) => entry.path);

const everyFact = [
  '/crm/v3/pipelines/deals',
  '/settings/v3/currencies/company-currency',
  '/settings/v3/currencies/exchange-rates/current',
];

/** A portal's first round, in a process that never read the portal (the facts kept at connection). */
describe('the portal facts kept at connection', () => {
  let bed: SyncBed;
  beforeAll(async () => {
    bed = await syncBed();
  });
  afterAll(() => bed.stop());

  /** Syncs a new billing subscription of `world`; answers the portal's fact reads it made. */
  const factReadsOfARound = async (world: SyncedWorkspace, id: string) => {
    const from = bed.sandbox.hubspotState.requestLog(world.portalId).length;
    const event = stripeEventOf({
      account: world.account,
      type: 'customer.subscription.created',
      object: billingSubscriptionOf(`sub_${id}`, `cus_${id}`),
    });
    expect((await postWebhook(bed.t, JSON.stringify(event))).statusCode).toBe(200);
    await everyEventSettled(bed.t, world.subscriptionId);
    const log = bed.sandbox.hubspotState.requestLog(world.portalId).slice(from);
    expect(log.some((entry) => entry.path.includes('/objects/deals'))).toBe(true);
    return factReadsOf(bed, world.portalId, from).sort();
  };

  it('are read when the destination connects and kept for every process', async () => {
    const world = await seedSyncedWorkspace(bed.t);
    expect(factReadsOf(bed, world.portalId, 0).sort()).toEqual(everyFact);
    const store = portalFactStore(bed.t.context.database.db);
    expect(await store.read(world.portalId, 'currencies')).toMatchObject({ value: ['USD'] });
    const pipelines = (await store.read(world.portalId, 'pipelines'))?.value as { id: string }[];
    expect(pipelines.map((pipeline) => pipeline.id)).toContain('default');
  });

  it('spare the first round a read of the portal’s pipelines and currencies', async () => {
    const world = await seedSyncedWorkspace(bed.t);
    expect(await factReadsOfARound(world, 'facts_1')).toEqual([]);
  });

  it('are read again by a round once they are older than ten minutes', async () => {
    const world = await seedSyncedWorkspace(bed.t);
    // Kept eleven minutes ago, as a restarted worker finds them (nothing in this process's memory).
    const store = portalFactStore(bed.t.context.database.db);
    const old = Date.now() - 11 * 60_000;
    await bed.t.context.database.db
      .update(hubspotPortalFact)
      .set({ readAt: new Date(old) })
      .where(eq(hubspotPortalFact.hubId, world.portalId));
    expect(await factReadsOfARound(world, 'facts_2')).toEqual(everyFact);
    expect((await store.read(world.portalId, 'pipelines'))?.readAt).toBeGreaterThan(old + 60_000);
  });

  it('are dropped once no process trusts them', async () => {
    const { db } = bed.t.context.database;
    const store = portalFactStore(db);
    await store.write(9_001, 'currencies', ['EUR']);
    await store.write(9_002, 'currencies', ['EUR']);
    await db
      .update(hubspotPortalFact)
      .set({ readAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(hubspotPortalFact.hubId, 9_001));
    await forgetUntrustedPortalFacts(db);
    expect(await store.read(9_001, 'currencies')).toBeUndefined();
    expect(await store.read(9_002, 'currencies')).toMatchObject({ value: ['EUR'] });
  });
});
