import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Destination } from '@billbridge/contract';
import { destination, subscription } from '../../db/schema.ts';
import {
  connectionsBed,
  connectThroughSandbox,
  resultOf,
  sandboxOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';
import { errorOf } from '../../testing/users.ts';
import { openStoredToken } from '../../testing/sealed.ts';

describe('disconnectDestination', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  const connectedDestination = async () => {
    const { subscriptionId, destinationId } = await bed.newDestination();
    await connectThroughSandbox(bed.t.app, bed.admin, 'destination', {
      subscriptionId,
      targetId: destinationId,
    });
    const [row] = await bed.t.context.database.db
      .select()
      .from(destination)
      .where(eq(destination.id, destinationId));
    return {
      ids: { subscriptionId, destinationId },
      accessToken: openStoredToken(bed.t.context, 'destination', row, 'accessTokenSealed'),
      refreshToken: openStoredToken(bed.t.context, 'destination', row, 'refreshTokenSealed'),
    };
  };

  it('still revokes and deletes on a canceled workspace, so no grant outlives it', async () => {
    const { ids, refreshToken } = await connectedDestination();
    await bed.t.context.database.db
      .update(subscription)
      .set({ status: 'canceled' })
      .where(eq(subscription.id, ids.subscriptionId));
    expect(resultOf(await bed.call('disconnectDestination', ids))).toEqual({ success: true });
    expect(sandboxOf(bed.t.context).hubspotState.snapshot().refreshTokens[refreshToken]).toBeUndefined();
    expect(resultOf(await bed.call('deleteDestination', ids))).toEqual({ success: true });
    const rows = await bed.t.context.database.db
      .select()
      .from(destination)
      .where(eq(destination.id, ids.destinationId));
    expect(rows).toEqual([]);
  });

  it('deletes the refresh token at HubSpot, ending its access tokens, then forgets both', async () => {
    const { ids, accessToken, refreshToken } = await connectedDestination();
    await bed.call('saveDestination', {
      ...ids,
      name: 'CRM',
      enabled: true,
      settings: { pipeline_mapping_rules: [] },
    });
    expect(resultOf(await bed.call('disconnectDestination', ids))).toEqual({ success: true });
    const tokens = sandboxOf(bed.t.context).hubspotState.snapshot();
    expect(tokens.refreshTokens[refreshToken]).toBeUndefined();
    expect(tokens.accessTokens[accessToken]).toBeUndefined();
    expect(resultOf<Destination>(await bed.call('getDestination', ids))).toMatchObject({
      connected: false,
      enabled: false,
    });
    const [row] = await bed.t.context.database.db
      .select()
      .from(destination)
      .where(eq(destination.id, ids.destinationId));
    expect(row).toMatchObject({ accessTokenSealed: null, refreshTokenSealed: null, tokenExpiresAt: null });
  });

  it('changes nothing when HubSpot cannot be reached', async () => {
    const { ids } = await connectedDestination();
    const sandbox = sandboxOf(bed.t.context);
    sandbox.faults.add({
      service: 'hubspot',
      path: '/oauth/2026-03/token/revoke',
      status: 503,
      times: 5,
    });
    try {
      const { status, body } = await bed.call('disconnectDestination', ids);
      expect(status).toBe(503);
      expect(errorOf(body).message).toContain('HubSpot could not be reached');
    } finally {
      sandbox.faults.clear();
    }
    expect(resultOf<Destination>(await bed.call('getDestination', ids)).connected).toBe(true);
  });

  it('refuses an access-only member', async () => {
    const { ids } = await connectedDestination();
    expect((await bed.call('disconnectDestination', ids, bed.member)).status).toBe(403);
  });
});
