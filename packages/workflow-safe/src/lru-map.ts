/**
 * A Map that forgets its least recently used entries once their weight passes `maxWeight` (each entry weighs 1
 * unless `weigh` says otherwise, e.g. its bytes). The worker's caches (template versions, asset bytes, font
 * coverage, native renderers by font set) share it, so eviction is written once. A Map keeps insertion order, so
 * reading an entry moves it to the end and the first key is always the least recently used.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  private total = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    this.total += this.weigh(value);
    while (this.total > this.maxWeight && this.entries.size > 0) this.delete(this.entries.keys().next().value as K);
  }

  /**
   * The value kept under `key`, or else `make()`'s, kept from now on. The caches of computed values use it (a promise
   * is kept while it is pending, so concurrent callers share one computation).
   */
  getOrSet(key: K, make: () => V): V {
    let value = this.get(key);
    if (value === undefined) {
      value = make();
      this.set(key, value);
    }
    return value;
  }

  delete(key: K): boolean {
    const old = this.entries.get(key);
    if (old === undefined) return false;
    this.entries.delete(key);
    this.total -= this.weigh(old);
    return true;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The summed weight of what is kept. */
  get weight(): number {
    return this.total;
  }
}
