import type { Context } from 'koa';
import { AppError } from '@rp/errors';
import { createRateLimiter } from './rate-limit';

// The limiter with a clock of its own: the exact crossing of the limit, which the stack's load test cannot always
// reach on a loaded machine (it needs RATE_LIMIT_PER_MINUTE requests inside one 60 s window).
function fakeCtx(keyId: string) {
  const headers: Record<string, string> = {};
  return { ctx: { state: { keyId }, ip: '127.0.0.1', set: (k: string, v: string) => void (headers[k] = v) } as unknown as Context, headers };
}

describe('createRateLimiter', () => {
  it('lets exactly the limit through in a window, then 429 with Retry-After until the window ends', () => {
    let t = 1_000_000;
    const hit = createRateLimiter(3, () => t);
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { ctx, headers } = fakeCtx('k1');
      hit(ctx);
      remaining.push(headers['RateLimit-Remaining']!);
      expect(headers['RateLimit-Limit']).toBe('3');
    }
    expect(remaining).toEqual(['2', '1', '0']);

    t += 20_000;
    const over = fakeCtx('k1');
    let thrown: unknown;
    try {
      hit(over.ctx);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ status: 429, code: 'rate_limited', headers: { 'Retry-After': '40' } });
    expect(over.headers).toMatchObject({ 'RateLimit-Remaining': '0', 'RateLimit-Reset': '40' });

    // another key has its own window
    expect(() => hit(fakeCtx('k2').ctx)).not.toThrow();
    // the next window starts afresh
    t += 40_000;
    const next = fakeCtx('k1');
    hit(next.ctx);
    expect(next.headers).toMatchObject({ 'RateLimit-Remaining': '2', 'RateLimit-Reset': '60' });
  });

  it('0 disables it', () => {
    const hit = createRateLimiter(0);
    const { ctx, headers } = fakeCtx('k');
    for (let i = 0; i < 5; i++) hit(ctx);
    expect(headers).toEqual({});
  });
});
