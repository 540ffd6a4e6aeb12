import { Context } from '@temporalio/activity';
import type { Logger } from 'pino';
import { activityLogger } from '@rp/worker-runtime';
import { ApplicationFailure } from '@temporalio/common';
import { SsrfBlockedError } from '@rp/net-guard';
import { RenderFailure } from '../renderer/types';

/**
 * Permanent renderer failures become non-retryable ApplicationFailures whose type is the error code the
 * render records; transient ones (a crashed browser) stay retryable so Temporal retries them. A timeout is usually
 * the template's own doing (a loop, a frame that never settles): it gets one more attempt, on a fresh page, and no
 * more, so a hostile template costs two timeouts instead of six.
 */
export function toActivityError(err: unknown, attempt = currentAttempt()): Error {
  if (err instanceof RenderFailure) {
    const retry = err.retryable && !(err.code === 'render_timeout' && attempt >= 2);
    return retry ? ApplicationFailure.retryable(err.message, err.code) : ApplicationFailure.nonRetryable(err.message, err.code);
  }
  if (err instanceof SsrfBlockedError) return ApplicationFailure.nonRetryable(err.message, 'ssrf_blocked');
  return err instanceof Error ? err : new Error(String(err));
}

function currentAttempt(): number {
  try {
    return Context.current().info.attempt;
  } catch {
    return 1; // outside an activity (unit tests)
  }
}

export const permanent = (code: string, message: string) => ApplicationFailure.nonRetryable(message, code);

/** What the tenant is not told (the address a blocked host resolved to) goes to the log, with the render. */
export function logRefusal(logger: Logger, renderId: string, err: unknown): void {
  if (err instanceof RenderFailure && err.detail) activityLogger(logger).warn({ render_id: renderId, code: err.code, detail: err.detail }, 'render refused');
}
