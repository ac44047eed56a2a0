import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '@billbridge/contract';
import {
  connectionsBed,
  connectThroughSandbox,
  resultOf,
  sandboxOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';

describe('deleteSource', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it('deletes a source that is not connected', async () => {
    const ids = await bed.newSource();
    expect(resultOf(await bed.call('deleteSource', ids))).toEqual({ success: true });
    expect((await bed.call('getSource', ids)).status).toBe(404);
  });

  it('deauthorizes a connected source in Stripe before deleting it', async () => {
    const ids = await bed.newSource();
    const { source: connected } = resultOf<{ source: Source }>(
      await connectThroughSandbox(bed.t.app, bed.admin, 'source', {
        subscriptionId: ids.subscriptionId,
        targetId: ids.sourceId,
      }),
    );
    expect(resultOf(await bed.call('deleteSource', ids))).toEqual({ success: true });
    expect(sandboxOf(bed.t.context).stripeState.account(connected.auth.account_id).connectedTo).toBeNull();
    expect(resultOf(await bed.call('getIntegrationCounts', { subscriptionId: ids.subscriptionId }))).toEqual({
      sources: 0,
      destinations: 0,
      mapping_rules: 0,
    });
  });

  it('answers not-found for a source of another workspace', async () => {
    const ids = await bed.newSource();
    const other = await bed.workspace();
    expect((await bed.call('deleteSource', { ...ids, subscriptionId: other })).status).toBe(404);
    expect((await bed.call('getSource', ids)).status).toBe(200);
  });

  it('refuses an access-only member', async () => {
    const ids = await bed.newSource();
    expect((await bed.call('deleteSource', ids, bed.member)).status).toBe(403);
  });
});
