import { describe, expect, it } from 'vitest';
import { factMemory, trustedFact, type KnownFact, type PortalFactStore } from './portal-facts.ts';

/** The shared store as a table in memory, counting its reads. */
const storeOf = (facts: Map<number, KnownFact>) => {
  const reads: number[] = [];
  const store: PortalFactStore = {
    read: async (hubId) => {
      reads.push(hubId);
      return facts.get(hubId);
    },
    write: async (hubId, _fact, value) => void facts.set(hubId, { value, readAt: Date.now() }),
    forget: async (hubId) => void facts.delete(hubId),
  };
  return { store, reads };
};

describe('portal facts in memory', () => {
  it('keeps at most its cap of portals, and reads an evicted one from the store, not from HubSpot', async () => {
    const memory = factMemory<string>(2);
    const now = Date.now();
    const { store, reads } = storeOf(
      new Map([1, 2, 3].map((hubId) => [hubId, { value: `p${hubId}`, readAt: now }])),
    );
    for (const hubId of [1, 2, 3]) await trustedFact(memory, hubId, 'pipelines', store, String);
    expect(memory.size).toBe(2);
    expect(reads).toEqual([1, 2, 3]);

    expect(await trustedFact(memory, 3, 'pipelines', store, String)).toMatchObject({ value: 'p3' });
    expect(reads).toEqual([1, 2, 3]);
    expect(await trustedFact(memory, 1, 'pipelines', store, String)).toMatchObject({ value: 'p1' });
    expect(reads).toEqual([1, 2, 3, 1]);
  });

  it('trusts no fact read longer ago than its trust, in memory or in the store', async () => {
    const memory = factMemory<string>();
    const old = Date.now() - 11 * 60_000;
    const { store } = storeOf(new Map([[7, { value: 'stale', readAt: old }]]));
    memory.set(7, { value: 'stale', readAt: old });
    expect(await trustedFact(memory, 7, 'pipelines', store, String)).toBeUndefined();
  });
});
