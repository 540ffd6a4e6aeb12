import type { Context } from 'koa';
import { validationFailed } from '@rp/errors';

/** `Prefer: wait=N` (N ≤ 60): how long a create may hold for the render to finish; 0 when absent. */
export function preferWaitSeconds(ctx: Context): number {
  const m = /(?:^|[,;\s])wait\s*=\s*(\d+)/i.exec(ctx.get('prefer'));
  if (!m) return 0;
  const n = Number(m[1]);
  if (n > 60) throw validationFailed([{ field: 'Prefer', message: 'wait must be at most 60 seconds' }]);
  return n;
}

/** `Idempotency-Key`, or null when not sent. Sent but empty is a client bug (an unset variable), not a skip. */
export function idempotencyKey(ctx: Context): string | null {
  const key = ctx.req.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
    throw validationFailed([{ field: 'Idempotency-Key', message: 'must be 1 to 255 characters' }]);
  }
  return key;
}
