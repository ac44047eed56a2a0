import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionsBed, resultOf, type ConnectionsBed } from '../../testing/connections.ts';
import { errorOf } from '../../testing/users.ts';

describe('getDestination', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it('does not find a destination through another workspace', async () => {
    const subscriptionId = await bed.workspace();
    const { destinationId } = resultOf<{ destinationId: string }>(
      await bed.call('createDestination', { subscriptionId }),
    );
    const { status, body } = await bed.call('getDestination', {
      subscriptionId: await bed.workspace(),
      destinationId,
    });
    expect(status).toBe(404);
    expect(errorOf(body).message).toBe('Destination not found.');
    expect((await bed.call('getDestination', { subscriptionId, destinationId }, bed.member)).status).toBe(
      403,
    );
  });
});
