import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '@billbridge/contract';
import {
  connectionsBed,
  connectThroughSandbox,
  resultOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';
import { errorOf } from '../../testing/users.ts';

describe('saveSource', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it('saves the name and the sync toggles, a toggle not sent staying on', async () => {
    const ids = await bed.newSource();
    const saved = await bed.call('saveSource', {
      ...ids,
      name: '  Main account  ',
      enabled: false,
      settings: { sync: { products: false, payments: false } },
    });
    expect(resultOf(saved)).toEqual({ success: true });
    expect(resultOf<Source>(await bed.call('getSource', ids))).toMatchObject({
      name: 'Main account',
      enabled: false,
      settings: {
        sync: { customers: true, payments: false, invoices: true, subscriptions: true, products: false },
      },
    });
  });

  it('refuses to enable a source that is not connected', async () => {
    const ids = await bed.newSource();
    const { status, body } = await bed.call('saveSource', { ...ids, name: 'x', enabled: true, settings: {} });
    expect(status).toBe(400);
    expect(errorOf(body).message).toBe('Connect it before enabling it.');
    expect(resultOf<Source>(await bed.call('getSource', ids)).enabled).toBe(false);
  });

  it('enables a connected source', async () => {
    const ids = await bed.newSource();
    await connectThroughSandbox(bed.t.app, bed.admin, 'source', {
      subscriptionId: ids.subscriptionId,
      targetId: ids.sourceId,
    });
    expect((await bed.call('saveSource', { ...ids, name: 'Live', enabled: true, settings: {} })).status).toBe(
      200,
    );
    expect(resultOf<Source>(await bed.call('getSource', ids)).enabled).toBe(true);
  });

  it.each([
    [{ __meta__: 1 }, 'settings.__meta__'],
    [{ sync: { __all__: false } }, 'settings.sync.__all__'],
  ])('refuses the reserved field name in %j', async (settings, path) => {
    const ids = await bed.newSource();
    const { status, body } = await bed.call('saveSource', { ...ids, name: 'x', enabled: false, settings });
    expect(status).toBe(400);
    const name = path.split('.').pop();
    expect(errorOf(body).details).toEqual({
      fields: [{ path, message: `Field name "${name}" is reserved: names may not begin and end with "__"` }],
    });
  });

  it('refuses unknown settings and toggles that are not booleans', async () => {
    const ids = await bed.newSource();
    for (const settings of [{ color: 'blue' }, { sync: { customers: 'yes' } }, { sync: { refunds: true } }]) {
      expect((await bed.call('saveSource', { ...ids, name: 'x', enabled: false, settings })).status).toBe(
        400,
      );
    }
  });

  it('refuses an access-only member', async () => {
    const ids = await bed.newSource();
    const input = { ...ids, name: 'Mine', enabled: false, settings: {} };
    expect((await bed.call('saveSource', input, bed.member)).status).toBe(403);
  });
});
