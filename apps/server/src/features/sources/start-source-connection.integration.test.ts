import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectionsBed,
  connectThroughSandbox,
  resultOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';
import { errorOf } from '../../testing/users.ts';

describe('startSourceConnection', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it("answers Stripe Connect's authorize URL with a state naming the workspace, the source and a nonce", async () => {
    const { subscriptionId, sourceId } = await bed.newSource();
    const { url } = resultOf<{ url: string }>(
      await bed.call('startSourceConnection', { subscriptionId, sourceId }),
    );
    const stripe = bed.t.context.providers.stripe;
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`${stripe?.connectUrl}/oauth/authorize`);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      response_type: 'code',
      client_id: stripe?.clientId,
      scope: 'read_write',
      redirect_uri: 'http://localhost:3000/stripe/callback',
      state: expect.stringMatching(new RegExp(`^${subscriptionId}:${sourceId}:[A-Za-z0-9_-]{20,}$`)),
    });
    // The port survives (the SDK's own authorizeUrl would drop it): the consent page answers.
    expect((await fetch(url)).status).toBe(200);
  });

  it('refuses a source that is already connected', async () => {
    const ids = await bed.newSource();
    await connectThroughSandbox(bed.t.app, bed.admin, 'source', {
      subscriptionId: ids.subscriptionId,
      targetId: ids.sourceId,
    });
    const { status, body } = await bed.call('startSourceConnection', ids);
    expect(status).toBe(409);
    expect(errorOf(body).message).toContain('already connected');
  });

  it('says so when Stripe is not configured on this server', async () => {
    const ids = await bed.newSource();
    const { providers } = bed.t.context;
    const configured = providers.stripe;
    providers.stripe = undefined;
    try {
      const { status, body } = await bed.call('startSourceConnection', ids);
      expect(status).toBe(400);
      expect(errorOf(body)).toEqual({
        status: 'FAILED_PRECONDITION',
        message: 'Stripe is not configured on this server',
        details: { messageKey: 'stripeNotConfigured' },
      });
    } finally {
      providers.stripe = configured;
    }
  });

  it('refuses an access-only member', async () => {
    const ids = await bed.newSource();
    expect((await bed.call('startSourceConnection', ids, bed.member)).status).toBe(403);
  });
});
