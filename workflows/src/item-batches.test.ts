import { itemBatches, MAX_ITEM_BATCH } from './item-batches';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);

describe('itemBatches', () => {
  test.each([
    [1, 50, 1, 1],
    [2, 50, 2, 1],
    [25, 50, 13, 2],
    [40, 50, 14, 3],
    [160, 50, 16, 10],
    [500, 50, 50, MAX_ITEM_BATCH],
    [2000, 50, 200, MAX_ITEM_BATCH],
  ])('%i items, concurrency %i: %i batches of at most %i', (n, concurrency, count, size) => {
    const { batches } = itemBatches(ids(n), concurrency);
    expect(batches).toHaveLength(count);
    expect(Math.max(...batches.map((b) => b.length))).toBe(size);
    // every item exactly once, in order
    expect(batches.flat()).toEqual(ids(n));
  });

  test('the window keeps items in flight within the concurrency, and at least one batch runs', () => {
    expect(itemBatches(ids(500), 50).window).toBe(5);
    expect(itemBatches(ids(500), 45).window).toBe(5);
    expect(itemBatches(ids(2), 50).window).toBe(50);
    expect(itemBatches(ids(500), 1).window).toBe(1);
    expect(itemBatches(ids(500), 0).window).toBe(1);
  });

  test('an empty collection has no batches', () => {
    expect(itemBatches([], 50).batches).toEqual([]);
  });
});
