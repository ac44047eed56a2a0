import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Destination, Source } from '@billbridge/contract';
import {
  connectionsBed,
  connectThroughSandbox,
  giveConsent,
  resultOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';

/** Issue 31 §5.1: reconnecting left the switch off, so a reconnected source ignored its events. */
describe('reconnecting a source or destination', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  /** The Reconnect button's path: start with `reconnect`, consent, and the callback page's connect. */
  const reconnect = async (kind: 'source' | 'destination', input: Record<string, string>) => {
    const [start, connect] =
      kind === 'source'
        ? ['startSourceConnection', 'connectSource']
        : ['startDestinationConnection', 'connectDestination'];
    const { url } = resultOf<{ url: string }>(await bed.call(start, { ...input, reconnect: true }));
    const consent = await giveConsent(url);
    return resultOf(await bed.call(connect, { ...input, code: consent.code, state: consent.state }));
  };

  const connectedSource = async (enabled: boolean) => {
    const ids = await bed.newSource();
    await connectThroughSandbox(bed.t.app, bed.admin, 'source', {
      subscriptionId: ids.subscriptionId,
      targetId: ids.sourceId,
    });
    resultOf(await bed.call('saveSource', { ...ids, name: 'Stripe', enabled, settings: {} }));
    return ids;
  };

  const connectedDestination = async (enabled: boolean) => {
    const ids = await bed.newDestination();
    await connectThroughSandbox(bed.t.app, bed.admin, 'destination', {
      subscriptionId: ids.subscriptionId,
      targetId: ids.destinationId,
    });
    const settings = { pipeline_mapping_rules: [] };
    resultOf(await bed.call('saveDestination', { ...ids, name: 'CRM', enabled, settings }));
    return ids;
  };

  it('keeps a source switched on, connected to the newly chosen account', async () => {
    const ids = await connectedSource(true);
    const before = resultOf<Source>(await bed.call('getSource', ids));
    await reconnect('source', ids);
    const after = resultOf<Source>(await bed.call('getSource', ids));
    expect(after).toMatchObject({ status: 'connected', enabled: true });
    expect(after.auth.account_id).not.toBe(before.auth.account_id);
  });

  it('keeps a source switched off off', async () => {
    const ids = await connectedSource(false);
    await reconnect('source', ids);
    expect(resultOf<Source>(await bed.call('getSource', ids))).toMatchObject({
      status: 'connected',
      enabled: false,
    });
  });

  it('keeps a destination switched on', async () => {
    const ids = await connectedDestination(true);
    await reconnect('destination', ids);
    expect(resultOf<Destination>(await bed.call('getDestination', ids))).toMatchObject({
      connected: true,
      enabled: true,
    });
  });

  it('still refuses to start connecting what is connected when it is not a reconnect', async () => {
    const ids = await connectedSource(true);
    expect((await bed.call('startSourceConnection', ids)).status).toBe(409);
    expect(resultOf<Source>(await bed.call('getSource', ids))).toMatchObject({ enabled: true });
  });

  it('refuses an access-only member, changing nothing', async () => {
    const ids = await connectedSource(true);
    const answer = await bed.call('startSourceConnection', { ...ids, reconnect: true }, bed.member);
    expect(answer.status).toBe(403);
    expect(resultOf<Source>(await bed.call('getSource', ids))).toMatchObject({
      status: 'connected',
      enabled: true,
    });
  });
});
