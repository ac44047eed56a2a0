type Waiting<Item, Result> = {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
};

/** How big a batch may grow: `sizeOf` each item (1 unless given) adds up to at most `maxSize`. */
export type BatchLimit<Item> = { maxSize: number; sizeOf?: (item: Item) => number };

/**
 * Gathers the calls made in one turn of the event loop and hands them to `run` together once the
 * turn ends (`setImmediate`), so concurrent callers share one statement instead of sending one
 * each: a lone call waits for nothing but the rest of its turn. A call that would take the batch
 * past its limit starts the next one. `run` answers each item in order. A batch that fails is run
 * again item by item, so an item the database refuses fails alone.
 */
export const turnBatch = <Item, Result>(
  run: (items: Item[]) => Promise<Result[]>,
  { maxSize, sizeOf = () => 1 }: BatchLimit<Item> = { maxSize: Infinity },
) => {
  let gathering: { waiting: Waiting<Item, Result>[]; size: number } | undefined;
  const runAlone = ({ item, resolve, reject }: Waiting<Item, Result>) =>
    run([item]).then(([result]) => resolve(result as Result), reject);
  const flush = async (batch: Waiting<Item, Result>[]) => {
    try {
      const results = await run(batch.map(({ item }) => item));
      batch.forEach(({ resolve }, index) => resolve(results[index] as Result));
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else await Promise.all(batch.map(runAlone));
    }
  };
  const open = () => {
    const batch = { waiting: [] as Waiting<Item, Result>[], size: 0 };
    gathering = batch;
    setImmediate(() => {
      if (gathering === batch) gathering = undefined;
      void flush(batch.waiting);
    });
    return batch;
  };
  return (item: Item): Promise<Result> =>
    new Promise((resolve, reject) => {
      const size = sizeOf(item);
      const batch =
        gathering && (gathering.size + size <= maxSize || gathering.waiting.length === 0)
          ? gathering
          : open();
      batch.waiting.push({ item, resolve, reject });
      batch.size += size;
    });
};
