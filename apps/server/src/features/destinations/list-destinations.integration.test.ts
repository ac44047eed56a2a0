import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Destination } from '@billbridge/contract';
import { connectionsBed, resultOf, type ConnectionsBed } from '../../testing/connections.ts';

describe('listDestinations', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it("lists the workspace's destinations, oldest first, and none of another workspace", async () => {
    const subscriptionId = await bed.workspace();
    const create = async (id: string) =>
      resultOf<{ destinationId: string }>(await bed.call('createDestination', { subscriptionId: id }))
        .destinationId;
    const first = await create(subscriptionId);
    const second = await create(subscriptionId);
    await create(await bed.workspace());
    const { destinations } = resultOf<{ destinations: Destination[] }>(
      await bed.call('listDestinations', { subscriptionId }),
    );
    expect(destinations.map((destination) => destination.id)).toEqual([first, second]);
  });

  it('refuses an access-only member', async () => {
    expect(
      (await bed.call('listDestinations', { subscriptionId: await bed.workspace() }, bed.member)).status,
    ).toBe(403);
  });
});
