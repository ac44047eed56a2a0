import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '@billbridge/contract';
import { connectionsBed, resultOf, type ConnectionsBed } from '../../testing/connections.ts';

describe('listSources', () => {
  let bed: ConnectionsBed;
  beforeAll(async () => {
    bed = await connectionsBed();
  });
  afterAll(() => bed.t.close());

  it("lists the workspace's sources, oldest first, and none of another workspace", async () => {
    const subscriptionId = await bed.workspace();
    const other = await bed.workspace();
    const first = resultOf<{ sourceId: string }>(await bed.call('createSource', { subscriptionId }));
    const second = resultOf<{ sourceId: string }>(await bed.call('createSource', { subscriptionId }));
    await bed.call('createSource', { subscriptionId: other });
    const { sources } = resultOf<{ sources: Source[] }>(await bed.call('listSources', { subscriptionId }));
    expect(sources.map((source) => source.id)).toEqual([first.sourceId, second.sourceId]);
  });

  it('answers an empty list for a workspace without sources', async () => {
    const subscriptionId = await bed.workspace();
    expect(resultOf(await bed.call('listSources', { subscriptionId }))).toEqual({ sources: [] });
  });

  it('refuses an access-only member', async () => {
    const subscriptionId = await bed.workspace();
    expect((await bed.call('listSources', { subscriptionId }, bed.member)).status).toBe(403);
  });
});
