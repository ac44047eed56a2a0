import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destination } from '../../db/schema.ts';
import {
  connectionsBed,
  connectThroughSandbox,
  resultOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';

describe('getIntegrationCounts', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it('counts only connected sources and destinations, and lets an access-only member see them', async () => {
    const subscriptionId = await bed.workspace();
    const created = async (name: 'createSource' | 'createDestination') =>
      Object.values(resultOf<Record<string, string>>(await bed.call(name, { subscriptionId })))[0] ?? '';
    const sourceId = await created('createSource');
    await created('createSource');
    const destinationId = await created('createDestination');
    await created('createDestination');
    expect(resultOf(await bed.call('getIntegrationCounts', { subscriptionId }, bed.member))).toEqual({
      sources: 0,
      destinations: 0,
      mapping_rules: 0,
    });
    await connectThroughSandbox(bed.t.app, bed.admin, 'source', { subscriptionId, targetId: sourceId });
    await connectThroughSandbox(bed.t.app, bed.admin, 'destination', {
      subscriptionId,
      targetId: destinationId,
    });
    expect(resultOf(await bed.call('getIntegrationCounts', { subscriptionId }, bed.member))).toEqual({
      sources: 1,
      destinations: 1,
      mapping_rules: 0,
    });
    // Rules count on connected destinations only: two here, and the unconnected one's are left out.
    const rule = { stripe_subscription_status: 'active', price_ids: { mode: 'none', ids: [] } };
    const rules = (count: number) => ({ pipeline_mapping_rules: Array.from({ length: count }, () => rule) });
    const { db } = bed.t.context.database;
    await db
      .update(destination)
      .set({ settings: rules(2) })
      .where(eq(destination.id, destinationId));
    await db
      .update(destination)
      .set({ settings: rules(3) })
      .where(ne(destination.id, destinationId));
    expect(resultOf(await bed.call('getIntegrationCounts', { subscriptionId }, bed.member))).toMatchObject({
      mapping_rules: 2,
    });
  });
});
