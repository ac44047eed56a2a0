import { describe, expect, it } from 'vitest';
import { forEachChunk } from './write-batches.ts';

describe('forEachChunk', () => {
  it('sends chunks of 100 four at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const sizes: number[] = [];
    await forEachChunk(
      Array.from({ length: 950 }, (_, index) => index),
      async (chunk) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        sizes.push(chunk.length);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
      },
    );
    expect(sizes.toSorted((a, b) => a - b)).toEqual([50, ...Array<number>(9).fill(100)]);
    expect(most).toBe(4);
  });

  it('lets every chunk end before it throws the first failure', async () => {
    const ended: number[] = [];
    const failure = new Error('HubSpot is unavailable');
    const sending = forEachChunk(
      Array.from({ length: 300 }, (_, index) => index),
      async (chunk) => {
        const first = chunk[0] ?? 0;
        if (first === 0) throw failure;
        await new Promise((resolve) => setTimeout(resolve, 10));
        ended.push(first);
      },
    );
    await expect(sending).rejects.toBe(failure);
    expect(ended.toSorted((a, b) => a - b)).toEqual([100, 200]);
  });
});
