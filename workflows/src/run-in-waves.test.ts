import { runInWaves } from './run-in-waves';

/** A run whose items end when the test says so, recording how many were in flight at each start. */
function harness() {
  const ends = new Map<number, () => void>();
  const startedWith: number[] = [];
  const run = (i: number) =>
    new Promise<void>((resolve) => {
      ends.set(i, resolve);
      startedWith.push(ends.size);
    });
  const end = async (...indexes: number[]) => {
    for (const i of indexes) {
      ends.get(i)!();
      ends.delete(i);
    }
    // let the waves loop see the ends
    for (let k = 0; k < 5; k++) await Promise.resolve();
  };
  return { run, end, startedWith, started: () => startedWith.length };
}

describe('runInWaves', () => {
  test('fills the window, refills only once half of it has finished, and runs every index once in order', async () => {
    const h = harness();
    const order: number[] = [];
    const done = runInWaves(10, 4, (i) => (order.push(i), h.run(i)));
    await h.end();
    expect(h.started()).toBe(4);
    await h.end(0);
    expect(h.started()).toBe(4); // 3 still running: more than half of 4
    await h.end(2);
    expect(h.started()).toBe(6); // 2 running: refilled to 4 at once
    await h.end(1, 3, 4, 5);
    expect(h.started()).toBe(10);
    await h.end(6, 7, 8, 9);
    await done;
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(Math.max(...h.startedWith)).toBeLessThanOrEqual(4);
  });

  test('a window of one runs the items one after another; nothing to run ends at once', async () => {
    const h = harness();
    const done = runInWaves(3, 1, h.run);
    for (let i = 0; i < 3; i++) {
      await h.end();
      expect(h.started()).toBe(i + 1);
      await h.end(i);
    }
    await done;
    await runInWaves(0, 5, h.run);
  });
});
