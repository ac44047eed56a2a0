type Waiting<Item, Result> = {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
};

/**
 * Gathers the calls made in one turn of the event loop and hands them to `run` together once the
 * turn ends (`setImmediate`), so concurrent callers share one statement instead of sending one
 * each: a lone call waits for nothing but the rest of its turn. `run` answers each item in order.
 * A batch that fails is run again item by item, so an item the database refuses fails alone.
 */
export const turnBatch = <Item, Result>(run: (items: Item[]) => Promise<Result[]>) => {
  let gathering: Waiting<Item, Result>[] | undefined;
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
  return (item: Item): Promise<Result> =>
    new Promise((resolve, reject) => {
      if (!gathering) {
        const batch: Waiting<Item, Result>[] = [];
        gathering = batch;
        setImmediate(() => {
          gathering = undefined;
          void flush(batch);
        });
      }
      gathering.push({ item, resolve, reject });
    });
};
