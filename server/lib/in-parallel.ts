/**
 * `work` over each item with at most `limit` under way at once, results in the items' order: many
 * small reads from one node overlap their round trips without flooding it. No item is begun once
 * `going` says to stop or an item has failed (the first failure is what the caller gets).
 */
export async function inParallel<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
  going: () => boolean = () => true,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < items.length && !failed && going()) {
      const index = next++;
      try {
        results[index] = await work(items[index]);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
