import type { StartKind } from './webhook-metrics';

/** How a start went, as Temporal answered it (a deferred delivery made no start). */
export type StartOutcome = Exclude<StartKind, 'deferred'>;

/**
 * The delivery workflow starts one worker makes: how many it has in flight at once, and whether emitEvent may start
 * new deliveries itself. A start is a request to Temporal whose answer may carry the workflow's first task (an eager
 * start), which this worker then runs at once, ahead of whatever waits in its task queue.
 *
 * emitEvent starts its deliveries eagerly while the worker has no backlog; otherwise it leaves them, as committed rows,
 * to the start-recovery sweep, which starts them through the task queue behind the events (start-recovery-sweep.ts).
 * The worker has a backlog from the moment emitEvent leaves a delivery to the sweep, or a start finds no free workflow
 * task slot (`queued`), until a sweep finds no delivery waiting for a start. So a burst waits in Postgres, not in the
 * worker's memory, and deliveries start in the order they came.
 */
export class StartBudget {
  private inFlight = 0;
  private backlogged = false;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!(size >= 1)) throw new Error(`a start budget needs room for one start at least, not ${size}`);
  }

  /** Starts in flight now. */
  get used(): number {
    return this.inFlight;
  }

  /** Whether deliveries wait for the sweep: new ones wait behind them. */
  get backlog(): boolean {
    return this.backlogged;
  }

  /** emitEvent left deliveries to the sweep. */
  noteDeferred(): void {
    this.backlogged = true;
  }

  /** A sweep found no delivery waiting for a start. */
  noteCaughtUp(): void {
    this.backlogged = false;
  }

  /** Runs emitEvent's `start` when the budget admits one now; null when it does not (the delivery is left to the sweep). */
  tryRun(start: () => Promise<StartOutcome>): Promise<StartOutcome> | null {
    if (this.inFlight >= this.size || this.backlogged) return null;
    this.inFlight++;
    return this.execute(start);
  }

  /** Runs the sweep's `start` once there is room, in the order callers asked. */
  async runWhenFree(start: () => Promise<StartOutcome>): Promise<StartOutcome> {
    // a finished start hands its place straight to the first waiter, so nobody can take it in between
    if (this.inFlight >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inFlight++;
    return this.execute(start);
  }

  private async execute(start: () => Promise<StartOutcome>): Promise<StartOutcome> {
    try {
      const outcome = await start();
      // no free workflow task slot: its first task waits in the task queue, and so should the next deliveries
      if (outcome === 'queued') this.backlogged = true;
      return outcome;
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight--;
    }
  }
}
