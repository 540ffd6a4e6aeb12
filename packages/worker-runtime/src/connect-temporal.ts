import { NativeConnection, type NativeConnectionOptions } from '@temporalio/worker';

export interface ConnectRetry {
  /** Give up (throw the last error) once this long has passed: longer than a server restart is not a restart. */
  giveUpAfterMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

const DEFAULT_RETRY: ConnectRetry = { giveUpAfterMs: 120_000, firstDelayMs: 500, maxDelayMs: 5_000 };

/**
 * Connects to Temporal, retrying while the server is away. A worker started while its Temporal server restarts
 * (a replica replaced during a server upgrade, seen in the cluster fault test) would otherwise exit at once and stay
 * down until something outside restarts it; its readiness says "not ready" while it waits here.
 */
export async function connectTemporal(
  options: NativeConnectionOptions,
  onRetry: (err: unknown, delayMs: number) => void,
  retry: ConnectRetry = DEFAULT_RETRY,
  connect: (o: NativeConnectionOptions) => Promise<NativeConnection> = (o) => NativeConnection.connect(o),
): Promise<NativeConnection> {
  const giveUpAt = Date.now() + retry.giveUpAfterMs;
  for (let delay = retry.firstDelayMs; ; delay = Math.min(delay * 2, retry.maxDelayMs)) {
    try {
      return await connect(options);
    } catch (err) {
      if (Date.now() + delay > giveUpAt) throw err;
      onRetry(err, delay);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
