import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    });
    await connectThroughSandbox(bed.t.app, bed.admin, 'source', { subscriptionId, targetId: sourceId });
    await connectThroughSandbox(bed.t.app, bed.admin, 'destination', {
      subscriptionId,
      targetId: destinationId,
    });
    expect(resultOf(await bed.call('getIntegrationCounts', { subscriptionId }, bed.member))).toEqual({
      sources: 1,
      destinations: 1,
    });
  });
});
