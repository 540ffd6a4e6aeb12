import { abortFailure } from './pool-failures';

/**
 * The browser pool's free slots and the callers waiting for one (FIFO). A caller prefers a slot whose page already
 * belongs to its org; a waiter whose signal aborts leaves the queue.
 */
export class SlotQueue<S extends { orgId: string | null }> {
  private readonly free: S[];
  private readonly waiters: { resolve(slot: S): void; reject(err: unknown): void }[] = [];

  constructor(slots: S[]) {
    this.free = [...slots];
  }

  /** Slots no caller holds. */
  get idle(): readonly S[] {
    return this.free;
  }

  get queued(): number {
    return this.waiters.length;
  }

  acquire(orgId: string, signal?: AbortSignal): Promise<S> {
    const own = this.free.findIndex((s) => s.orgId === orgId);
    const slot = this.free.splice(Math.max(own, 0), 1)[0];
    if (slot) return Promise.resolve(slot);
    return new Promise<S>((resolve, reject) => {
      const waiter = {
        resolve: (s: S) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(s);
        },
        reject: (err: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          reject(err);
        },
      };
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(abortFailure(signal!));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Hands the slot to the first waiter, or makes it free. */
  release(slot: S): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(slot);
    else this.free.push(slot);
  }

  rejectWaiters(err: unknown): void {
    for (const w of this.waiters.splice(0)) w.reject(err);
  }
}
