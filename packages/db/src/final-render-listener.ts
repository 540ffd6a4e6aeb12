import pg from 'pg';

/** The NOTIFY channel finishRender signals on, with the render id as payload, when a render becomes final. */
export const RENDER_FINAL_CHANNEL = 'render_final';

export interface FinalRenderListener {
  /**
   * Resolves once `isFinal()` is true: at the render's NOTIFY, at a slow poll that covers a dropped listener, or
   * when `ms` have passed (then `isFinal()` may still be false).
   */
  waitFor(renderId: string, isFinal: () => Promise<boolean>, ms: number): Promise<void>;
  close(): Promise<void>;
}

const POLL_MS = 1000;

/**
 * One LISTEN connection per process serves every waiting sync request: the API answers `Prefer: wait` when the
 * render's row is final (committed), instead of waiting for its workflow to close after the bookkeeping that
 * follows. Nothing depends on the notification arriving: a poll every second is the floor, and the connection is
 * opened again after it drops.
 */
// eslint-disable-next-line max-lines-per-function -- a closure over one connection and its waiters: the state and the small functions that share it.
export function createFinalRenderListener(databaseUrl: string): FinalRenderListener {
  const waiters = new Map<string, Set<() => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;

  const connect = () => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      c.on('notification', (n) => {
        for (const wake of waiters.get(n.payload ?? '') ?? []) wake();
      });
      const drop = () => {
        if (client === c) client = null;
        connecting = null;
      };
      c.on('error', drop);
      c.on('end', drop);
      try {
        await c.connect();
        await c.query(`LISTEN ${RENDER_FINAL_CHANNEL}`);
        client = c;
      } catch {
        drop();
        await c.end().catch(() => undefined);
      }
    })();
    return connecting;
  };

  return {
    async waitFor(renderId, isFinal, ms) {
      const deadline = Date.now() + ms;
      let wake: () => void = () => undefined;
      const set = waiters.get(renderId) ?? new Set();
      waiters.set(renderId, set);
      try {
        if (!client) await connect();
        // listening before the first look: a render that finishes in between is seen either way
        while (!(await isFinal())) {
          const left = deadline - Date.now();
          if (left <= 0) return;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.min(left, POLL_MS));
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
            set.add(wake);
          });
          set.delete(wake);
        }
      } finally {
        set.delete(wake);
        if (set.size === 0) waiters.delete(renderId);
      }
    },
    async close() {
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
