import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectionsBed,
  connectThroughSandbox,
  resultOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';
import { errorOf } from '../../testing/users.ts';

describe('startDestinationConnection', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it("answers HubSpot's authorize URL with the CRM scopes, the schema scopes as optional and the state", async () => {
    const { subscriptionId, destinationId } = await bed.newDestination();
    const { url } = resultOf<{ url: string }>(
      await bed.call('startDestinationConnection', { subscriptionId, destinationId }),
    );
    const hubspot = bed.t.context.providers.hubspot;
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(hubspot?.authorizeUrl);
    expect(parsed.searchParams.get('client_id')).toBe(hubspot?.clientId);
    expect(parsed.searchParams.get('redirect_uri')).toBe('http://localhost:3000/hubspot/callback');
    expect(parsed.searchParams.get('state')).toMatch(
      new RegExp(`^${subscriptionId}:${destinationId}:[A-Za-z0-9_-]{20,}$`),
    );
    expect(parsed.searchParams.get('scope')?.split(' ').sort()).toEqual(
      [
        'oauth',
        ...['contacts', 'deals', 'line_items', 'invoices'].flatMap((object) => [
          `crm.objects.${object}.read`,
          `crm.objects.${object}.write`,
        ]),
      ].sort(),
    );
    expect(parsed.searchParams.get('optional_scope')?.split(' ')).toEqual(
      expect.arrayContaining(['crm.schemas.deals.write', 'crm.schemas.invoices.write']),
    );
    expect((await fetch(url)).status).toBe(200);
  });

  it('refuses a destination that is already connected', async () => {
    const ids = await bed.newDestination();
    await connectThroughSandbox(bed.t.app, bed.admin, 'destination', {
      subscriptionId: ids.subscriptionId,
      targetId: ids.destinationId,
    });
    const { status, body } = await bed.call('startDestinationConnection', ids);
    expect(status).toBe(409);
    expect(errorOf(body).message).toContain('already connected');
  });

  it('says so when HubSpot is not configured on this server', async () => {
    const ids = await bed.newDestination();
    const { providers } = bed.t.context;
    const configured = providers.hubspot;
    providers.hubspot = undefined;
    try {
      const { status, body } = await bed.call('startDestinationConnection', ids);
      expect(status).toBe(400);
      expect(errorOf(body)).toEqual({
        status: 'FAILED_PRECONDITION',
        message: 'HubSpot is not configured on this server',
        details: { messageKey: 'hubspotNotConfigured' },
      });
    } finally {
      providers.hubspot = configured;
    }
  });

  it('refuses an access-only member', async () => {
    expect(
      (await bed.call('startDestinationConnection', await bed.newDestination(), bed.member)).status,
    ).toBe(403);
  });
});
