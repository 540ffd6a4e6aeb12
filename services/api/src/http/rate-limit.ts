import type { Context, Next } from 'koa';
import { AppError } from '@rp/errors';

/**
 * Per-key fixed window limiter (per API process): counts one request, sets the IETF RateLimit-* headers and throws
 * 429 + Retry-After past the limit. A window is 60 s. 0 disables it. Several limiters may run on one request
 * (the preview route has its own); the last one's headers stand.
 */
export function createRateLimiter(limitPerMinute: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return (ctx: Context): void => {
    if (limitPerMinute <= 0) return;
    const key = String(ctx.state.keyId ?? ctx.ip);
    const t = now();
    let w = windows.get(key);
    if (!w || t - w.start >= 60_000) {
      w = { start: t, count: 0 };
      windows.set(key, w);
      if (windows.size > 10_000) for (const [k, v] of windows) if (t - v.start >= 60_000) windows.delete(k);
    }
    w.count += 1;
    const reset = Math.max(1, Math.ceil((w.start + 60_000 - t) / 1000));
    ctx.set('RateLimit-Limit', String(limitPerMinute));
    ctx.set('RateLimit-Remaining', String(Math.max(0, limitPerMinute - w.count)));
    ctx.set('RateLimit-Reset', String(reset));
    if (w.count > limitPerMinute) {
      throw new AppError(429, 'rate_limited', `Rate limit of ${limitPerMinute} requests per minute exceeded`, {
        headers: { 'Retry-After': String(reset) },
      });
    }
  };
}

/** RATE_LIMIT_PER_MINUTE for every /v1 request. */
export function rateLimit(limitPerMinute: number, now: () => number = Date.now) {
  const hit = createRateLimiter(limitPerMinute, now);
  return async (ctx: Context, next: Next) => {
    hit(ctx);
    await next();
  };
}
