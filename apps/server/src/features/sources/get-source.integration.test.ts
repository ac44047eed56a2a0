import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionsBed, resultOf, type ConnectionsBed } from '../../testing/connections.ts';
import { errorOf } from '../../testing/users.ts';

describe('getSource', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it('does not find a source through another workspace', async () => {
    const subscriptionId = await bed.workspace();
    const other = await bed.workspace();
    const { sourceId } = resultOf<{ sourceId: string }>(await bed.call('createSource', { subscriptionId }));
    const { status, body } = await bed.call('getSource', { subscriptionId: other, sourceId });
    expect(status).toBe(404);
    expect(errorOf(body).message).toBe('Source not found.');
  });

  it('refuses an access-only member', async () => {
    const subscriptionId = await bed.workspace();
    const { sourceId } = resultOf<{ sourceId: string }>(await bed.call('createSource', { subscriptionId }));
    expect((await bed.call('getSource', { subscriptionId, sourceId }, bed.member)).status).toBe(403);
  });
});
