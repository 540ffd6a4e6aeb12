import { nextRestart, type RestartPolicy } from './restart-policy';

/**
 * Restarts crashed processes after the policy's backoff, one timer per process. The supervisor reports each crash;
 * a deliberate start, stop or kill cancels the pending restart (that call decides), shutting down cancels all.
 */
export class CrashRestarter {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly streaks = new Map<string, number>();
  private readonly totals = new Map<string, number>();

  constructor(
    private readonly policy: RestartPolicy,
    private readonly log: (msg: string) => void,
  ) {}

  /** Schedules `restart` after the backoff the crash history gives; returns the delay. */
  crashed(name: string, ranForMs: number, restart: () => Promise<void>): number {
    this.cancel(name);
    const { streak, delayMs } = nextRestart(this.policy, { streak: this.streaks.get(name) ?? 0, ranForMs });
    this.streaks.set(name, streak);
    this.totals.set(name, (this.totals.get(name) ?? 0) + 1);
    this.log(`restarting ${name} in ${delayMs} ms (crash ${streak} in a row)`);
    const timer = setTimeout(() => {
      this.pending.delete(name);
      restart().catch((e: unknown) => this.log(`restarting ${name} failed: ${(e as Error).message}`));
    }, delayMs);
    timer.unref();
    this.pending.set(name, timer);
    return delayMs;
  }

  /** A deliberate start, stop or kill: no restart is pending any more; the streak is kept. */
  cancel(name: string): void {
    clearTimeout(this.pending.get(name));
    this.pending.delete(name);
  }

  cancelAll(): void {
    for (const name of [...this.pending.keys()]) this.cancel(name);
  }

  /** How often the process crashed since the stack started. */
  crashes(name: string): number {
    return this.totals.get(name) ?? 0;
  }
}
