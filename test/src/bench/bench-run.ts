import { closeTestDb } from '../support/orgs';
import { withDeadline } from './stats';
import { closeTemporal } from './temporal-timeline';

/**
 * The state of one bench run: its results, the errors of phases that failed or ran over, the cleanups of what it
 * started, and the time budget every phase draws from.
 */
export class BenchRun {
  readonly started = new Date();
  readonly errors: { phase: string; message: string }[] = [];
  readonly cleanups: (() => Promise<void>)[] = [];
  readonly result: Record<string, any> = {};
  private readonly t0 = performance.now();

  constructor(readonly budgetS: number) {}

  elapsedS(): number {
    return (performance.now() - this.t0) / 1000;
  }

  log(msg: string): void {
    process.stdout.write(`[bench +${Math.round(this.elapsedS())}s] ${msg}\n`);
  }

  /**
   * Runs `fn` with a cap of `capS` (less when the budget has less left); a failure or overrun is recorded and
   * answers null, so the next phase still runs. `reserveS` is kept for phases still to come.
   */
  async phase<T>(name: string, capS: number, fn: (signal: AbortSignal) => Promise<T>, reserveS = 0): Promise<T | null> {
    // keep 20 s to write results and clean up
    const left = this.budgetS - this.elapsedS() - 20 - reserveS;
    if (left < 15) {
      this.errors.push({ phase: name, message: 'skipped: the bench time budget is used up' });
      this.log(`${name}: skipped (time budget)`);
      return null;
    }
    const cap = Math.min(capS, left);
    this.log(`${name}: start (cap ${Math.round(cap)} s)`);
    const s = performance.now();
    try {
      const r = await withDeadline(cap * 1000, name, fn);
      this.log(`${name}: done in ${((performance.now() - s) / 1000).toFixed(1)} s`);
      return r;
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      this.errors.push({ phase: name, message });
      this.log(`${name}: FAILED: ${message}`);
      return null;
    }
  }

  /** Stops what the run started, newest first; never throws. */
  async cleanup(): Promise<void> {
    for (const c of this.cleanups.splice(0).reverse()) await c().catch(() => undefined);
    await closeTemporal();
    await closeTestDb().catch(() => undefined);
  }
}
