/**
 * Runs `run(0..count-1)` with at most `limit` at once, like runWindowed, but refills in waves: once `limit` are
 * running it waits until half of them have finished, then starts as many as fit at once (in index order, so a
 * replay starts the same work in the same order). `run` must not reject.
 *
 * Why waves: a collection's items are child workflows, and each child's start comes back to the collection as an
 * event that wakes it for a workflow task. A sliding window starts one child per finished child, so every start
 * costs the collection a task of its own; a wave's starts come back together and share one or two tasks. At least
 * half the window stays in flight, which is still many times the slots of a worker.
 */
export async function runInWaves(count: number, limit: number, run: (index: number) => Promise<void>): Promise<void> {
  const max = Math.max(1, limit);
  const low = Math.floor(max / 2);
  let next = 0;
  const running = new Set<Promise<void>>();
  while (next < count || running.size > 0) {
    while (next < count && running.size < max) {
      const p: Promise<void> = run(next++).finally(() => running.delete(p));
      running.add(p);
    }
    do await Promise.race(running);
    while (running.size > low);
  }
}
