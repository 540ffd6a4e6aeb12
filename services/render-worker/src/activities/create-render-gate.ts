export interface RenderGate {
  /** Runs a single render (an org's own image): never waits, and holds collection items back while it runs. */
  single<T>(fn: () => Promise<T>): Promise<T>;
  /** Runs a collection item: at once when no single render is in flight, otherwise once no other item runs. */
  batch<T>(fn: () => Promise<T>): Promise<T>;
  /** Single renders in flight in another process (the batch child hears its parent's count over IPC). */
  setRemoteSingles(count: number): void;
  stats(): { singles: number; batch: number; waiting: number };
}

export interface RenderGateOptions {
  /** Told every change of this process's single renders in flight (the parent forwards it to its batch child). */
  onSingles?: (count: number) => void;
}

/**
 * Fair share inside one worker. Temporal priority puts another org's single render ahead of collection items in the
 * queue, and the batch browser runs at a lower CPU priority, but items already rendering still share the cores
 * with it. While a single render is in flight, collection items start one at a time, so on a 2-core worker the
 * single render competes with one item, not two. Items are never stopped, only started later; with no single
 * render in flight they run at the full RENDER_CONCURRENCY. Single renders and items may run in different
 * processes: the items' gate then counts the singles it is told of (setRemoteSingles).
 */
export function createRenderGate(opts: RenderGateOptions = {}): RenderGate {
  let singles = 0;
  let remoteSingles = 0;
  let batch = 0;
  const waiting: (() => void)[] = [];
  const admits = () => singles + remoteSingles === 0 || batch === 0;
  const wake = () => {
    while (waiting.length > 0 && admits()) {
      batch++;
      waiting.shift()!();
    }
  };
  return {
    async single(fn) {
      singles++;
      opts.onSingles?.(singles);
      try {
        return await fn();
      } finally {
        singles--;
        opts.onSingles?.(singles);
        wake();
      }
    },
    async batch(fn) {
      if (admits() && waiting.length === 0) batch++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await fn();
      } finally {
        batch--;
        wake();
      }
    },
    setRemoteSingles(count) {
      remoteSingles = count;
      wake();
    },
    stats: () => ({ singles: singles + remoteSingles, batch, waiting: waiting.length }),
  };
}
