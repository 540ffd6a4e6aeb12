import { ApplicationFailure } from '@temporalio/common';
import { SsrfBlockedError } from '@rp/net-guard';
import { RenderFailure } from '../renderer/types';

/**
 * Permanent renderer failures become non-retryable ApplicationFailures whose type is the error code the
 * render records; transient ones (a crashed browser) stay plain errors so Temporal retries them.
 */
export function toActivityError(err: unknown): Error {
  if (err instanceof RenderFailure) {
    return err.retryable
      ? ApplicationFailure.retryable(err.message, err.code)
      : ApplicationFailure.nonRetryable(err.message, err.code);
  }
  if (err instanceof SsrfBlockedError) return ApplicationFailure.nonRetryable(err.message, 'ssrf_blocked');
  return err instanceof Error ? err : new Error(String(err));
}

export const permanent = (code: string, message: string) => ApplicationFailure.nonRetryable(message, code);
