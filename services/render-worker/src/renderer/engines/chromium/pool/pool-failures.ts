import { RenderFailure } from '../../../types';

/** A puppeteer error that means the page or its browser went away (a crash, not the template's fault). */
export function isClosedError(err: unknown): boolean {
  const e = err as { name?: string; message?: string } | null;
  if (e?.name === 'TargetCloseError') return true;
  return /Target closed|Session closed|Connection closed|has been closed|disconnected|crashed/i.test(e?.message ?? '');
}

export function crashFailure(err: unknown): RenderFailure {
  return new RenderFailure('browser_crashed', `browser failure: ${(err as Error)?.message ?? String(err)}`, true);
}

export function abortFailure(signal: AbortSignal): RenderFailure {
  return signal.reason instanceof RenderFailure ? signal.reason : new RenderFailure('cancelled', 'render was cancelled');
}

/** Retryable: the pool closes on worker shutdown, and the activity should run again on another worker. */
export function closedFailure(): RenderFailure {
  return new RenderFailure('cancelled', 'browser pool is closed', true);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
