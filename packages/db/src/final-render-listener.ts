import pg from 'pg';

/** The NOTIFY channel finishRender signals on, with the render id as payload, when a render becomes final. */
export const RENDER_FINAL_CHANNEL = 'render_final';

/** A wait registered before the render can finish (before its workflow starts): its NOTIFY cannot be missed. */
export interface FinalRenderWait {
  /**
   * Resolves at the render's NOTIFY (sent only when its row is final), at a slow poll where `isFinal()` is true
   * (covering a dropped listener), or when `ms` have passed (then the row may still be pending).
   */
  wait(isFinal: () => Promise<boolean>, ms: number): Promise<void>;
  /** Forget the wait (the render was not started). */
  cancel(): void;
}

export interface FinalRenderListener {
  /** Registers a wait for the render's final status; `wait` on it. */
  expect(renderId: string): FinalRenderWait;
  /** expect + wait, for a render that may already be running: its first look at the row covers a missed NOTIFY. */
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

  const expect = (renderId: string, listenedBefore: boolean): FinalRenderWait => {
    let notified = false;
    let wake: (() => void) | null = null;
    const onNotify = () => {
      notified = true;
      wake?.();
    };
    const set = waiters.get(renderId) ?? new Set();
    set.add(onNotify);
    waiters.set(renderId, set);
    const cancel = () => {
      set.delete(onNotify);
      if (set.size === 0 && waiters.get(renderId) === set) waiters.delete(renderId);
    };
    return {
      cancel,
      async wait(isFinal, ms) {
        const deadline = Date.now() + ms;
        try {
          if (!client) await connect();
          // listening since before the render could finish: its NOTIFY is the answer, the row needs no first look
          let look = !listenedBefore;
          for (;;) {
            if (notified || (look && (await isFinal()))) return;
            look = true;
            const left = deadline - Date.now();
            if (left <= 0) return;
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, Math.min(left, POLL_MS));
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = null;
          }
        } finally {
          cancel();
        }
      },
    };
  };

  return {
    expect: (renderId) => expect(renderId, client !== null),
    waitFor: (renderId, isFinal, ms) => expect(renderId, false).wait(isFinal, ms),
    async close() {
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
