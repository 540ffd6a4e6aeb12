/**
 * Runs `run(0..count-1)` with at most `limit` at once, starting the next as soon as one ends (a sliding window, in
 * index order, so a replay starts the same work in the same order). `run` must not reject.
 */
export async function runWindowed(count: number, limit: number, run: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const running = new Set<Promise<void>>();
  while (next < count || running.size > 0) {
    while (next < count && running.size < Math.max(1, limit)) {
      const p: Promise<void> = run(next++).finally(() => running.delete(p));
      running.add(p);
    }
    await Promise.race(running);
  }
}
