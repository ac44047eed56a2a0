import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectionsBed,
  connectThroughSandbox,
  resultOf,
  type ConnectionsBed,
} from '../../testing/connections.ts';
import { errorOf } from '../../testing/users.ts';

describe('deleteDestination', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it('deletes a destination that is not connected', async () => {
    const ids = await bed.newDestination();
    expect(resultOf(await bed.call('deleteDestination', ids))).toEqual({ success: true });
    expect((await bed.call('getDestination', ids)).status).toBe(404);
  });

  it('refuses while connected, and deletes once disconnected', async () => {
    const ids = await bed.newDestination();
    await connectThroughSandbox(bed.t.app, bed.admin, 'destination', {
      subscriptionId: ids.subscriptionId,
      targetId: ids.destinationId,
    });
    const { status, body } = await bed.call('deleteDestination', ids);
    expect(status).toBe(400);
    expect(errorOf(body).message).toBe('Disconnect this destination before deleting it.');
    expect((await bed.call('getDestination', ids)).status).toBe(200);
    await bed.call('disconnectDestination', ids);
    expect((await bed.call('deleteDestination', ids)).status).toBe(200);
  });

  it('refuses an access-only member', async () => {
    expect((await bed.call('deleteDestination', await bed.newDestination(), bed.member)).status).toBe(403);
  });
});
