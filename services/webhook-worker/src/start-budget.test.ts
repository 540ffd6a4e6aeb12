import { StartBudget, type StartOutcome } from './start-budget';

/** A start that finishes, with `outcome`, when told to. */
function held(outcome: StartOutcome = 'eager') {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { start: async () => (await done, outcome), finish };
}
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('StartBudget', () => {
  it('admits starts while there is room and refuses the next one', async () => {
    const budget = new StartBudget(2);
    const [a, b] = [held(), held()];
    expect(budget.tryRun(a.start)).not.toBeNull();
    expect(budget.tryRun(b.start)).not.toBeNull();
    expect(budget.tryRun(async () => 'eager')).toBeNull();
    expect(budget.used).toBe(2);
    a.finish();
    await settle();
    expect(budget.used).toBe(1);
    await expect(budget.tryRun(async () => 'eager')).resolves.toBe('eager');
  });

  it('a waiting start gets the place a finished one leaves, before anyone who asks later', async () => {
    const budget = new StartBudget(1);
    const [first, waiter] = [held(), held()];
    void budget.tryRun(first.start);
    const waiting = budget.runWhenFree(waiter.start);
    first.finish();
    // the first start is over and its place went to the waiter: one who asks now finds none
    await settle();
    expect(budget.used).toBe(1);
    expect(budget.tryRun(async () => 'eager')).toBeNull();
    waiter.finish();
    await expect(waiting).resolves.toBe('eager');
    expect(budget.used).toBe(0);
  });

  it('emitEvent starts nothing itself while deliveries wait for the sweep, until a sweep has caught up', async () => {
    const budget = new StartBudget(5);
    expect(budget.backlog).toBe(false);
    budget.noteDeferred();
    expect(budget.tryRun(async () => 'eager')).toBeNull();
    // the sweep's starts still run
    await expect(budget.runWhenFree(async () => 'queued')).resolves.toBe('queued');
    budget.noteCaughtUp();
    await expect(budget.tryRun(async () => 'eager')).resolves.toBe('eager');
  });

  it('a start that found no free workflow task slot (queued) makes a backlog; one that existed before does not', async () => {
    const budget = new StartBudget(5);
    await budget.tryRun(async () => 'existing');
    expect(budget.backlog).toBe(false);
    await budget.tryRun(async () => 'queued');
    expect(budget.backlog).toBe(true);
    expect(budget.tryRun(async () => 'eager')).toBeNull();
  });

  it('a failed start frees its place and fails its caller', async () => {
    const budget = new StartBudget(1);
    await expect(budget.runWhenFree(async () => Promise.reject(new Error('unavailable')))).rejects.toThrow('unavailable');
    expect(budget.used).toBe(0);
  });

  it('never holds more than its size, however many wait', async () => {
    const budget = new StartBudget(3);
    let running = 0;
    let most = 0;
    const start = async (): Promise<StartOutcome> => {
      most = Math.max(most, ++running);
      await settle();
      running--;
      return 'eager';
    };
    await Promise.all(Array.from({ length: 30 }, () => budget.runWhenFree(start)));
    expect(most).toBe(3);
    expect(budget.used).toBe(0);
    expect(() => new StartBudget(0)).toThrow(/room for one start/);
  });
});
