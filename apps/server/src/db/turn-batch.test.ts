import { describe, expect, it } from 'vitest';
import { turnBatch } from './turn-batch.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('turnBatch', () => {
  it('runs the calls of one turn together and answers each with its own result', async () => {
    const runs: number[][] = [];
    const double = turnBatch(async (items: number[]) => {
      runs.push(items);
      return items.map((item) => item * 2);
    });
    const first = await Promise.all([double(1), double(2), double(3)]);
    await nextTurn();
    const second = await double(4);
    expect(first).toEqual([2, 4, 6]);
    expect(second).toBe(8);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('starts the next batch when a call would take this one past its limit', async () => {
    const runs: string[][] = [];
    const store = turnBatch(
      async (items: string[]) => {
        runs.push(items);
        return items;
      },
      { maxSize: 5, sizeOf: (item) => item.length },
    );
    await Promise.all(['ab', 'cd', 'e', 'fg', 'hijklmn', 'o'].map(store));
    expect(runs).toEqual([['ab', 'cd', 'e'], ['fg'], ['hijklmn'], ['o']]);
  });

  it('runs a failed batch again item by item, so only the refused item fails', async () => {
    const runs: string[][] = [];
    const store = turnBatch(async (items: string[]) => {
      runs.push(items);
      if (items.includes('bad')) throw new Error('refused');
      return items.map((item) => item.toUpperCase());
    });
    const answers = await Promise.allSettled([store('a'), store('bad'), store('b')]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('refused') },
      { status: 'fulfilled', value: 'B' },
    ]);
    expect(runs).toEqual([['a', 'bad', 'b'], ['a'], ['bad'], ['b']]);
  });
});
