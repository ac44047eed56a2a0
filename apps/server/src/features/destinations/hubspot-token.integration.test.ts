import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '@billbridge/contract';
import { destination } from '../../db/schema.ts';
import {
  connectionsBed,
  connectThroughSandbox,
  sandboxOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';
import { hubspotAccessToken, refreshHubSpotAccessToken } from '../../providers/hubspot/hubspot-token.ts';
import { hubspotAccessOf } from './hubspot-access.ts';
import { openStoredToken } from '../../testing/sealed.ts';
import { waitFor } from '../../testing/wait.ts';
import { testSecret } from '../../testing/test-app.ts';
import { createSecretBox, sealedAt } from '../../security/secret-box.ts';

describe('hubspotAccessToken', () => {
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
    return destinationId;
  };

  const stored = async (id: string) =>
    (await bed.t.context.database.db.select().from(destination).where(eq(destination.id, id)))[0];

  /** Access tokens the stand-in has minted for the destination's portal: one per grant or refresh. */
  const mintedFor = async (id: string) => {
    const hubId = (await stored(id))?.hubId;
    return Object.values(sandboxOf(bed.t.context).hubspotState.snapshot().accessTokens).filter(
      (token) => token.portalId === hubId,
    ).length;
  };

  /** Makes the stored token expired, here and at the stand-in. */
  const expire = async (id: string) => {
    const row = await stored(id);
    sandboxOf(bed.t.context).hubspotState.expireToken(
      openStoredToken(bed.t.context, 'destination', row, 'accessTokenSealed'),
    );
    await bed.t.context.database.db
      .update(destination)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(destination.id, id));
  };

  it('answers the stored token while it is fresh, without calling HubSpot', async () => {
    const id = await connectedDestination();
    const before = await mintedFor(id);
    const row = await stored(id);
    expect(await hubspotAccessToken(hubspotAccessOf(bed.t.context), id)).toBe(
      openStoredToken(bed.t.context, 'destination', row, 'accessTokenSealed'),
    );
    expect(await mintedFor(id)).toBe(before);
  });

  it('refreshes an expired token exactly once for ten concurrent callers', async () => {
    const id = await connectedDestination();
    await expire(id);
    const before = await mintedFor(id);
    const old = (await stored(id))?.accessTokenSealed;
    const tokens = await Promise.all(
      Array.from({ length: 10 }, () => hubspotAccessToken(hubspotAccessOf(bed.t.context), id)),
    );
    expect(new Set(tokens).size).toBe(1);
    expect(await mintedFor(id)).toBe(before + 1);
    const row = await stored(id);
    expect(row?.accessTokenSealed).not.toBe(old);
    expect(openStoredToken(bed.t.context, 'destination', row, 'accessTokenSealed')).toBe(tokens[0]);
    expect(row?.tokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 20 * 60_000);
    // The new token works.
    const pipelines = await fetch(`${sandboxOf(bed.t.context).hubspot.url}/crm/v3/pipelines/deals`, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    expect(pipelines.status).toBe(200);
  });

  it('refreshes a token that expires within five minutes', async () => {
    const id = await connectedDestination();
    await bed.t.context.database.db
      .update(destination)
      .set({ tokenExpiresAt: new Date(Date.now() + 4 * 60_000) })
      .where(eq(destination.id, id));
    const before = await mintedFor(id);
    await hubspotAccessToken(hubspotAccessOf(bed.t.context), id);
    expect(await mintedFor(id)).toBe(before + 1);
  });

  it('forces a refresh after a 401, once for concurrent callers', async () => {
    const id = await connectedDestination();
    const before = await mintedFor(id);
    const old = await hubspotAccessToken(hubspotAccessOf(bed.t.context), id);
    const tokens = await Promise.all(
      Array.from({ length: 5 }, () => refreshHubSpotAccessToken(hubspotAccessOf(bed.t.context), id, old)),
    );
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(old);
    expect(await mintedFor(id)).toBe(before + 1);
  });

  it('stores no tokens again when the destination was disconnected while its refresh was in flight', async () => {
    const id = await connectedDestination();
    await expire(id);
    const sandbox = sandboxOf(bed.t.context);
    const slow = sandbox.faults.add({
      service: 'hubspot',
      method: 'POST',
      path: '/oauth/*/token',
      latencyMs: 1500,
    });
    try {
      const refresh = hubspotAccessToken(hubspotAccessOf(bed.t.context), id).catch(
        (caught: unknown) => caught,
      );
      await waitFor(() => sandbox.faults.list().find((fault) => fault.id === slow)?.hits === 1, {
        what: 'the refresh request at HubSpot',
      });
      // What a disconnect elsewhere leaves behind, written while HubSpot is still answering.
      await bed.t.context.database.db
        .update(destination)
        .set({ accessTokenSealed: null, refreshTokenSealed: null, tokenExpiresAt: null })
        .where(eq(destination.id, id));
      expect(((await refresh) as AppError).message).toBe('This destination is not connected.');
      expect(await stored(id)).toMatchObject({ accessTokenSealed: null, refreshTokenSealed: null });
    } finally {
      sandbox.faults.remove(slow);
    }
  });

  it('marks the destination as needing a reconnection when HubSpot no longer knows the refresh token', async () => {
    const id = await connectedDestination();
    const row = await stored(id);
    const refreshToken = openStoredToken(bed.t.context, 'destination', row, 'refreshTokenSealed');
    await fetch(`${sandboxOf(bed.t.context).hubspot.url}/oauth/v1/refresh-tokens/${refreshToken}`, {
      method: 'DELETE',
    });
    await expire(id);
    const error = (await hubspotAccessToken(hubspotAccessOf(bed.t.context), id).catch(
      (caught: unknown) => caught,
    )) as AppError;
    expect(error.message).toBe('This destination is not connected.');
    expect(await stored(id)).toMatchObject({
      accessTokenSealed: null,
      refreshTokenSealed: null,
      enabled: false,
      connectionLostAt: expect.any(Date),
    });
  });
});

describe('hubspotAccessToken after SECRET was rotated', () => {
  const previousSecret = 'Pv7Lq2Wm9Xr4Tz1Ns6Kb3Hd8Jf5Gc0Ya2Ue7Ri4Mo9Vp';
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed({ SECRET_PREVIOUS: previousSecret });
  });
  afterAll(() => bed.t.close());

  it('opens a token sealed with the previous SECRET and stores it sealed with the current one', async () => {
    const { subscriptionId, destinationId } = await bed.newDestination();
    await connectThroughSandbox(bed.t.app, bed.admin, 'destination', {
      subscriptionId,
      targetId: destinationId,
    });
    const { db } = bed.t.context.database;
    const select = async () =>
      (await db.select().from(destination).where(eq(destination.id, destinationId)))[0];
    const token = openStoredToken(bed.t.context, 'destination', await select(), 'accessTokenSealed');
    const sealedBefore = createSecretBox([previousSecret]).seal(
      token,
      sealedAt('destination', 'access_token_sealed', destinationId),
    );
    await db
      .update(destination)
      .set({ accessTokenSealed: sealedBefore })
      .where(eq(destination.id, destinationId));

    expect(await hubspotAccessToken(hubspotAccessOf(bed.t.context), destinationId)).toBe(token);
    const after = (await select())?.accessTokenSealed ?? '';
    expect(after).not.toBe(sealedBefore);
    expect(
      createSecretBox([testSecret]).open(
        after,
        sealedAt('destination', 'access_token_sealed', destinationId),
      ),
    ).toEqual({ value: token, stale: false });
  });

  it('refuses a sealed token copied to another destination', async () => {
    const first = await bed.newDestination();
    const second = await bed.newDestination();
    for (const { subscriptionId, destinationId } of [first, second]) {
      await connectThroughSandbox(bed.t.app, bed.admin, 'destination', {
        subscriptionId,
        targetId: destinationId,
      });
    }
    const { db } = bed.t.context.database;
    const [row] = await db.select().from(destination).where(eq(destination.id, first.destinationId));
    await db
      .update(destination)
      .set({ accessTokenSealed: row?.accessTokenSealed ?? null })
      .where(eq(destination.id, second.destinationId));
    await expect(hubspotAccessToken(hubspotAccessOf(bed.t.context), second.destinationId)).rejects.toThrow();
  });
});
