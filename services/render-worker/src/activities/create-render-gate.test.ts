import { createRenderGate } from './create-render-gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
const tick = () => new Promise((r) => setImmediate(r));

describe('createRenderGate', () => {
  test('collection items run side by side while no single render is in flight', async () => {
    const gate = createRenderGate();
    const a = deferred();
    const b = deferred();
    const runs = [gate.batch(() => a.promise), gate.batch(() => b.promise)];
    await tick();
    expect(gate.stats()).toEqual({ singles: 0, batch: 2, waiting: 0 });
    a.resolve();
    b.resolve();
    await Promise.all(runs);
    expect(gate.stats()).toEqual({ singles: 0, batch: 0, waiting: 0 });
  });

  test('a single render never waits; items start one at a time while it runs, and all again after it', async () => {
    const gate = createRenderGate();
    const item1 = deferred();
    const single = deferred();
    const started: string[] = [];
    const first = gate.batch(async () => (started.push('item1'), item1.promise));
    const s = gate.single(async () => (started.push('single'), single.promise));
    const second = gate.batch(async () => started.push('item2'));
    const third = gate.batch(async () => started.push('item3'));
    await tick();
    // the single started at once beside the running item; the next items wait for that item
    expect(started).toEqual(['item1', 'single']);
    expect(gate.stats()).toEqual({ singles: 1, batch: 1, waiting: 2 });
    item1.resolve();
    await first;
    await tick();
    // one at a time while the single runs: item2 ran and finished, then item3
    expect(started).toEqual(['item1', 'single', 'item2', 'item3']);
    single.resolve();
    await Promise.all([s, second, third]);
    expect(gate.stats()).toEqual({ singles: 0, batch: 0, waiting: 0 });
  });

  test('a failing render releases its place', async () => {
    const gate = createRenderGate();
    await expect(gate.single(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.batch(() => Promise.reject(new Error('bang')))).rejects.toThrow('bang');
    expect(gate.stats()).toEqual({ singles: 0, batch: 0, waiting: 0 });
  });

  test('single renders of another process hold items back the same way, and each change is reported', async () => {
    const reported: number[] = [];
    const parent = createRenderGate({ onSingles: (n) => reported.push(n) });
    const child = createRenderGate();
    const single = deferred();
    const s = parent.single(() => single.promise);
    child.setRemoteSingles(reported.at(-1)!);
    const item1 = deferred();
    const started: string[] = [];
    const first = child.batch(async () => (started.push('item1'), item1.promise));
    const second = child.batch(async () => started.push('item2'));
    await tick();
    expect(started).toEqual(['item1']);
    expect(child.stats()).toEqual({ singles: 1, batch: 1, waiting: 1 });
    single.resolve();
    await s;
    expect(reported).toEqual([1, 0]);
    // the parent's count dropping to zero admits the waiting item beside the running one
    child.setRemoteSingles(reported.at(-1)!);
    await tick();
    expect(started).toEqual(['item1', 'item2']);
    item1.resolve();
    await Promise.all([first, second]);
    expect(child.stats()).toEqual({ singles: 0, batch: 0, waiting: 0 });
  });
});
