import { TransportError } from '@temporalio/worker';

export interface TemporalRetry {
  /** Give up (throw the last error) once this long has passed: longer than a server restart is not a restart. */
  giveUpAfterMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const TEMPORAL_RETRY: TemporalRetry = { giveUpAfterMs: 120_000, firstDelayMs: 500, maxDelayMs: 5_000 };

export interface WhileTemporalAwayOptions {
  retry?: TemporalRetry;
  /** Which errors mean "the server is away"; any other is thrown at once. Default: every error. */
  retryable?: (err: unknown) => boolean;
}

/**
 * Runs a start-up step that needs the Temporal server (connecting, creating a Worker, whose namespace check is a
 * call to the server), again and again with a doubling delay while the server is away. A worker started while its
 * Temporal server restarts (a replica replaced during a server upgrade) would otherwise exit at once and stay down
 * until something outside restarts it; its readiness says "not ready" while it waits here.
 */
export async function whileTemporalAway<T>(
  step: () => Promise<T>,
  onRetry: (err: unknown, delayMs: number) => void,
  { retry = TEMPORAL_RETRY, retryable = () => true }: WhileTemporalAwayOptions = {},
): Promise<T> {
  const giveUpAt = Date.now() + retry.giveUpAfterMs;
  for (let delay = retry.firstDelayMs; ; delay = Math.min(delay * 2, retry.maxDelayMs)) {
    try {
      return await step();
    } catch (err) {
      if (!retryable(err) || Date.now() + delay > giveUpAt) throw err;
      onRetry(err, delay);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/**
 * The server is away: a transport error. Worker.create's namespace check reports a server it cannot reach as one
 * ("Namespace default was not found or failed to describe: ... Unavailable"); a bad option is another error.
 */
export const temporalAway = (err: unknown): boolean => err instanceof TransportError;
