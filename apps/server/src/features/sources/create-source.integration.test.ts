import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '@billbridge/contract';
import { connectionsBed, resultOf, type ConnectionsBed } from '../../testing/connections.ts';
import { errorOf } from '../../testing/users.ts';

describe('createSource', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it('creates a not connected, disabled Stripe source with every sync toggle on', async () => {
    const subscriptionId = await bed.workspace();
    const { sourceId } = resultOf<{ sourceId: string }>(await bed.call('createSource', { subscriptionId }));
    const source = resultOf<Source>(await bed.call('getSource', { subscriptionId, sourceId }));
    expect(source).toMatchObject({
      id: sourceId,
      name: '',
      type: 'stripe',
      status: 'not_connected',
      enabled: false,
      auth: {
        account_id: '',
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        type: '',
      },
      settings: {
        sync: { customers: true, payments: true, invoices: true, subscriptions: true, products: true },
      },
    });
    expect(source.creation_time).toBeGreaterThan(1_700_000_000);
  });

  it('refuses a canceled workspace', async () => {
    const subscriptionId = await bed.workspace('canceled');
    const { status, body } = await bed.call('createSource', { subscriptionId });
    expect(status).toBe(400);
    expect(errorOf(body).message).toBe('This subscription has been canceled');
  });

  it('refuses an access-only member', async () => {
    const subscriptionId = await bed.workspace();
    expect((await bed.call('createSource', { subscriptionId }, bed.member)).status).toBe(403);
  });
});
