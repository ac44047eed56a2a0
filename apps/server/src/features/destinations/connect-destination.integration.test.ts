import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Destination } from '@billbridge/contract';
import { destination } from '../../db/schema.ts';
import {
  connectionsBed,
  connectThroughSandbox,
  giveConsent,
  resultOf,
  sandboxOf,
  signInAgain,
  type ConnectionsBed,
} from '../../testing/connections.ts';
import { errorOf } from '../../testing/users.ts';
import { openStoredToken } from '../../testing/sealed.ts';
import { portalFactStore } from '../../providers/hubspot/portal-facts.ts';

describe('connectDestination', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  const connect = (ids: { subscriptionId: string; destinationId: string }, choices = {}) =>
    connectThroughSandbox(
      bed.t.app,
      bed.admin,
      'destination',
      { subscriptionId: ids.subscriptionId, targetId: ids.destinationId },
      choices,
    );

  const storedRow = async (id: string) =>
    (await bed.t.context.database.db.select().from(destination).where(eq(destination.id, id)))[0];

  it('connects the portal chosen on the consent page and records its id and granted scopes', async () => {
    const ids = await bed.newDestination();
    const { destination: connected } = resultOf<{ destination: Destination }>(await connect(ids));
    expect(connected).toMatchObject({ id: ids.destinationId, connected: true, enabled: false });
    expect(connected.portal_id).toEqual(expect.any(Number));
    const row = await storedRow(ids.destinationId);
    expect(row?.scopes).toEqual(
      expect.arrayContaining(['oauth', 'crm.objects.deals.write', 'crm.schemas.deals.write']),
    );
    expect(row?.tokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 20 * 60_000);
    expect(resultOf(await bed.call('getIntegrationCounts', { subscriptionId: ids.subscriptionId }))).toEqual({
      sources: 0,
      destinations: 1,
      mapping_rules: 0,
    });
  });

  it('creates the unique billbridge_stripe_customer_id on contacts, and asks a destination connected without it to reconnect', async () => {
    const ids = await bed.newDestination();
    const { destination: connected } = resultOf<{ destination: Destination }>(await connect(ids));
    expect(connected.missing_features).toEqual([]);
    const portal = sandboxOf(bed.t.context).hubspotState.portal(connected.portal_id ?? 0);
    expect(portal.properties.contacts.billbridge_stripe_customer_id).toMatchObject({
      type: 'string',
      hasUniqueValue: true,
      groupName: 'billbridge',
    });
    // A destination connected before the contact schema scope was asked for.
    const row = await storedRow(ids.destinationId);
    await bed.t.context.database.db
      .update(destination)
      .set({ scopes: (row?.scopes ?? []).filter((scope) => scope !== 'crm.schemas.contacts.write') })
      .where(eq(destination.id, ids.destinationId));
    expect(resultOf<Destination>(await bed.call('getDestination', ids)).missing_features).toEqual([
      'contact_matching',
    ]);
    await bed.call('disconnectDestination', ids);
    const again = await connect(ids, { portal: String(connected.portal_id) });
    expect(resultOf<{ destination: Destination }>(again).destination.missing_features).toEqual([]);
  });

  it('creates the unique billbridge_stripe_id property where the scopes allow, and again finds it on reconnection', async () => {
    const ids = await bed.newDestination();
    const { destination: connected } = resultOf<{ destination: Destination }>(await connect(ids));
    const portal = sandboxOf(bed.t.context).hubspotState.portal(connected.portal_id ?? 0);
    for (const objectType of ['deals', 'invoices'] as const) {
      expect(portal.properties[objectType].billbridge_stripe_id).toMatchObject({
        type: 'string',
        hasUniqueValue: true,
        groupName: 'billbridge',
      });
    }
    // HubSpot grants no schema scope for line items: nothing is created there.
    expect(portal.properties.line_items.billbridge_stripe_id).toBeUndefined();
    await bed.call('disconnectDestination', ids);
    const again = await connect(ids, { portal: String(connected.portal_id) });
    expect(resultOf<{ destination: Destination }>(again).destination.portal_id).toBe(connected.portal_id);
  });

  it('keeps the portal’s pipelines and currencies for the writer’s first round', async () => {
    const ids = await bed.newDestination();
    const { destination: connected } = resultOf<{ destination: Destination }>(await connect(ids));
    const store = portalFactStore(bed.t.context.database.db);
    const hubId = connected.portal_id ?? 0;
    expect(await store.read(hubId, 'currencies')).toMatchObject({ value: ['USD'] });
    const pipelines = (await store.read(hubId, 'pipelines'))?.value as { id: string }[] | undefined;
    expect(pipelines?.map((pipeline) => pipeline.id)).toContain('default');
  });

  it('stores the tokens sealed and never answers them', async () => {
    const ids = await bed.newDestination();
    const answer = await connect(ids);
    const row = await storedRow(ids.destinationId);
    expect(row?.accessTokenSealed).toMatch(/^v2\./);
    expect(row?.refreshTokenSealed).toMatch(/^v2\./);
    const accessToken = openStoredToken(bed.t.context, 'destination', row, 'accessTokenSealed');
    const refreshToken = openStoredToken(bed.t.context, 'destination', row, 'refreshTokenSealed');
    expect(sandboxOf(bed.t.context).hubspotState.snapshot().refreshTokens[refreshToken]).toBeDefined();
    for (const secret of [accessToken, refreshToken]) {
      expect(JSON.stringify(answer.body)).not.toContain(secret);
      expect(JSON.stringify((await bed.call('getDestination', ids)).body)).not.toContain(secret);
      expect(
        JSON.stringify((await bed.call('listDestinations', { subscriptionId: ids.subscriptionId })).body),
      ).not.toContain(secret);
    }
  });

  it('refuses a destination that is already connected', async () => {
    const ids = await bed.newDestination();
    await connect(ids);
    // A state issued before the first connection finished is refused too.
    const { status, body } = await bed.call('connectDestination', {
      ...ids,
      code: 'whatever',
      state: `${ids.subscriptionId}:${ids.destinationId}:x`,
    });
    expect(status).toBe(409);
    expect(errorOf(body).message).toContain('already connected');
  });

  it('refuses a state of another session, another destination, or one used already', async () => {
    const first = await bed.newDestination();
    const { destinationId: secondId } = resultOf<{ destinationId: string }>(
      await bed.call('createDestination', { subscriptionId: first.subscriptionId }),
    );
    const { url } = resultOf<{ url: string }>(await bed.call('startDestinationConnection', first));
    const { code, state } = await giveConsent(url);
    const input = { ...first, code, state };
    const otherBrowser = await signInAgain(bed.t.app, bed.admin);
    expect((await bed.call('connectDestination', input, otherBrowser)).status).toBe(403);
    const wrongTarget = await bed.call('connectDestination', { ...input, destinationId: secondId });
    expect(errorOf(wrongTarget.body).message).toBe(
      'This connection link belongs to another source or destination.',
    );
    expect((await bed.call('connectDestination', input)).status).toBe(200);
    await bed.call('disconnectDestination', first);
    const reused = await bed.call('connectDestination', input);
    expect(reused.status).toBe(400);
    expect(errorOf(reused.body).message).toContain('already used');
  });

  it('refuses an access-only member', async () => {
    const ids = await bed.newDestination();
    const { url } = resultOf<{ url: string }>(await bed.call('startDestinationConnection', ids));
    const { code, state } = await giveConsent(url);
    expect((await bed.call('connectDestination', { ...ids, code, state }, bed.member)).status).toBe(403);
  });
});
