import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '@billbridge/contract';
import { source, subscription } from '../../db/schema.ts';
import {
  connectionsBed,
  connectThroughSandbox,
  resultOf,
  sandboxOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';
import { errorOf } from '../../testing/users.ts';

describe('disconnectSource', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  const connectedSource = async () => {
    const { subscriptionId, sourceId } = await bed.newSource();
    const { source: connected } = resultOf<{ source: Source }>(
      await connectThroughSandbox(bed.t.app, bed.admin, 'source', { subscriptionId, targetId: sourceId }),
    );
    await bed.call('saveSource', { subscriptionId, sourceId, name: 'Live', enabled: true, settings: {} });
    return { subscriptionId, sourceId, accountId: connected.auth.account_id };
  };

  it('deauthorizes the account in Stripe, then forgets it', async () => {
    const { accountId, ...ids } = await connectedSource();
    const sandbox = sandboxOf(bed.t.context);
    const accessToken = sandbox.stripeState.account(accountId).secretKeys.at(-1);
    expect(accessToken).toMatch(/^sk_/);

    expect(resultOf(await bed.call('disconnectSource', ids))).toEqual({ success: true });

    const account = sandbox.stripeState.account(accountId);
    expect(account.connectedTo).toBeNull();
    expect(account.secretKeys).not.toContain(accessToken);
    expect(resultOf<Source>(await bed.call('getSource', ids))).toMatchObject({
      status: 'not_connected',
      enabled: false,
      auth: { account_id: '', details_submitted: false },
    });
    const [after] = await bed.t.context.database.db.select().from(source).where(eq(source.id, ids.sourceId));
    expect(after).toMatchObject({ accountId: null, livemode: null });
  });

  it('still revokes and deletes on a canceled workspace, so no grant outlives it', async () => {
    const { accountId, ...ids } = await connectedSource();
    await bed.t.context.database.db
      .update(subscription)
      .set({ status: 'canceled' })
      .where(eq(subscription.id, ids.subscriptionId));
    expect(resultOf(await bed.call('disconnectSource', ids))).toEqual({ success: true });
    expect(sandboxOf(bed.t.context).stripeState.account(accountId).connectedTo).toBeNull();
    expect(resultOf(await bed.call('deleteSource', ids))).toEqual({ success: true });
    expect(await bed.t.context.database.db.select().from(source).where(eq(source.id, ids.sourceId))).toEqual(
      [],
    );
  });

  it('lets the account be connected again afterwards', async () => {
    const { accountId, ...ids } = await connectedSource();
    await bed.call('disconnectSource', ids);
    const again = await connectThroughSandbox(
      bed.t.app,
      bed.admin,
      'source',
      { subscriptionId: ids.subscriptionId, targetId: ids.sourceId },
      { account: accountId },
    );
    expect(resultOf<{ source: Source }>(again).source.auth.account_id).toBe(accountId);
  });

  it('changes nothing when Stripe cannot be reached, so the user can try again', async () => {
    const { accountId, ...ids } = await connectedSource();
    const sandbox = sandboxOf(bed.t.context);
    sandbox.faults.add({ service: 'stripe', path: '/oauth/deauthorize', status: 503, times: 10 });
    try {
      const { status, body } = await bed.call('disconnectSource', ids);
      expect(status).toBe(503);
      expect(errorOf(body).message).toContain('Stripe could not be reached');
    } finally {
      sandbox.faults.clear();
    }
    expect(resultOf<Source>(await bed.call('getSource', ids)).auth.account_id).toBe(accountId);
  });

  it('answers success for a source that is not connected', async () => {
    const subscriptionId = await bed.workspace();
    const { sourceId } = resultOf<{ sourceId: string }>(await bed.call('createSource', { subscriptionId }));
    expect(resultOf(await bed.call('disconnectSource', { subscriptionId, sourceId }))).toEqual({
      success: true,
    });
  });

  it('refuses an access-only member', async () => {
    const { accountId: _, ...ids } = await connectedSource();
    expect((await bed.call('disconnectSource', ids, bed.member)).status).toBe(403);
  });
});
