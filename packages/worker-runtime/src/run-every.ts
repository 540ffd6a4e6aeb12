import type { Logger } from 'pino';

/**
 * Runs `task` now and then every `everyMs` until stopped: the loop of the workers' sweepers. A failed run is logged
 * and the next one comes on time; the timer never keeps the process alive.
 */
export function runEvery(task: () => Promise<void>, opts: { everyMs: number; logger: Logger; what: string }) {
  let running = true;
  const loop = async () => {
    while (running) {
      await task().catch((err) => opts.logger.warn({ err }, `${opts.what} failed; will retry`));
      await new Promise((r) => setTimeout(r, opts.everyMs).unref());
    }
  };
  void loop();
  return {
    stop: () => {
      running = false;
    },
  };
}
