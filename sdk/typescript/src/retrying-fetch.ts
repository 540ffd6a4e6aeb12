import { randomUUID } from 'node:crypto';

export interface RetryOptions {
  /** Retries after the first attempt on 429, 503 or a network error (default 4). */
  maxRetries?: number;
  /** Wait when an answer carries no Retry-After: 0.5 s, doubling, at most 8 s. */
  baseDelayMs?: number;
  /** Longest Retry-After honoured (default 60 s); a longer one is given up on and the answer returned. */
  maxDelayMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** POSTs the API makes idempotent with `Idempotency-Key`: render and collection creates. */
const IDEMPOTENT_CREATES = /\/v1\/(images|videos|collections|collections\/from-people)$/;

/** Retry-After is seconds or an HTTP date (RFC 9110); null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * A fetch that retries what is safe to retry: 429 and 503 after their Retry-After, network errors for reads and
 * keyed creates. A render or collection create gets an `Idempotency-Key` (unless the caller set one) before the
 * first attempt, so every retry repeats the same key and the API creates the resource at most once.
 */
export function retryingFetch(options: RetryOptions = {}): typeof fetch {
  const { maxRetries = 4, baseDelayMs = 500, maxDelayMs = 60_000 } = options;
  const doFetch = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.method === 'POST' && IDEMPOTENT_CREATES.test(new URL(request.url).pathname) && !request.headers.has('Idempotency-Key')) {
      request.headers.set('Idempotency-Key', randomUUID());
    }
    const safe = request.method === 'GET' || request.method === 'HEAD' || request.headers.has('Idempotency-Key');
    for (let attempt = 0; ; attempt++) {
      const backoff = Math.min(baseDelayMs * 2 ** attempt, 8000);
      let response: Response;
      try {
        response = await doFetch(request.clone());
      } catch (err) {
        if (!safe || attempt >= maxRetries) throw err;
        await sleep(backoff);
        continue;
      }
      if ((response.status !== 429 && response.status !== 503) || attempt >= maxRetries) return response;
      const wait = retryAfterMs(response.headers.get('Retry-After')) ?? backoff;
      if (wait > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}
