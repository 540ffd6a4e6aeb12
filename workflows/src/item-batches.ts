/** Items per batch at most: a batch is the unit of retry and of the collection's tail on one worker slot. */
export const MAX_ITEM_BATCH = 10;
/** A collection is cut into at least this many batches (when it has that many items), so it spreads over workers. */
export const MIN_BATCHES = 16;

/**
 * Cuts an image collection's items into batch activities, and says how many batches may run at once. Used by
 * collections started under the batch design only (collection-workflow.ts replays them; new items are workflows).
 *
 * Why these sizes: a batch costs Temporal one activity task and one workflow task however many items it holds, so
 * ten items already cut the per-item Temporal cost tenfold against a child workflow per item, and bigger batches save
 * little more. Bigger batches cost elsewhere: the last batch keeps one slot busy while the others idle (ten items is
 * about two seconds), and a batch only moves to another worker as a whole. Small collections get batches of one
 * or two items, so even a two-item collection uses both activity slots of a worker. The window keeps the items in
 * flight within `concurrency` (COLLECTION_CONCURRENCY), as with one child per item: at the default of 50 a large
 * collection has five batches scheduled, enough for two workers' slots.
 */
export function itemBatches(renderIds: readonly string[], concurrency: number): { batches: string[][]; window: number } {
  const size = Math.min(MAX_ITEM_BATCH, Math.max(1, Math.ceil(renderIds.length / MIN_BATCHES)));
  const batches: string[][] = [];
  for (let i = 0; i < renderIds.length; i += size) batches.push(renderIds.slice(i, i + size));
  return { batches, window: Math.max(1, Math.ceil(concurrency / size)) };
}
