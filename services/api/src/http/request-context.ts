import crypto from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

const ID_RE = /^[A-Za-z0-9._-]{1,100}$/;

/** Request id (honours an incoming X-Request-Id), a child logger carrying it, and one access log line. */
export function requestContext(logger: Logger, onDone?: (ctx: Context, seconds: number) => void) {
  return async (ctx: Context, next: Next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = ID_RE.test(incoming) ? incoming : crypto.randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    ctx.state.log = logger.child({ request_id: requestId });
    const start = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      onDone?.(ctx, seconds);
      ctx.state.log.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(seconds * 1000), org_id: ctx.state.orgId },
        'request',
      );
    }
  };
}
