import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Destination } from '@billbridge/contract';
import { connectionsBed, resultOf, type ConnectionsBed } from '../../testing/connections.ts';

describe('createDestination', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it('creates a not connected, disabled HubSpot destination without mapping rules', async () => {
    const subscriptionId = await bed.workspace();
    const { destinationId } = resultOf<{ destinationId: string }>(
      await bed.call('createDestination', { subscriptionId }),
    );
    expect(
      resultOf<Destination>(await bed.call('getDestination', { subscriptionId, destinationId })),
    ).toMatchObject({
      id: destinationId,
      name: '',
      type: 'hubspot',
      enabled: false,
      connected: false,
      portal_id: null,
      settings: { pipeline_mapping_rules: [] },
    });
  });

  it('refuses a canceled workspace and an access-only member', async () => {
    expect(
      (await bed.call('createDestination', { subscriptionId: await bed.workspace('canceled') })).status,
    ).toBe(400);
    expect(
      (await bed.call('createDestination', { subscriptionId: await bed.workspace() }, bed.member)).status,
    ).toBe(403);
  });
});
