import type { Context, Next } from 'koa';
import { AppError, errorBody, isAppError, unavailable } from '@rp/errors';
import { isDbUnavailable } from '@rp/db';
import { StorageUnavailableError } from '@rp/storage';

function toAppError(err: unknown): AppError {
  if (isAppError(err)) return err;
  const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string; code?: string };
  if (isDbUnavailable(err)) return unavailable('The database', err);
  if (err instanceof StorageUnavailableError) return unavailable('Object storage', err);
  const status = e?.status ?? e?.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = status === 404 ? 'not_found' : status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
    return new AppError(status, code, e.expose && e.message ? e.message : code.replace(/_/g, ' '));
  }
  return new AppError(500, 'internal_error', 'Internal server error', { expose: false, cause: err });
}

/** The one place that shapes every error response (koa style: errors carry status and expose). */
export function errorHandler() {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new AppError(404, 'not_found', `No route for ${ctx.method} ${ctx.path}`);
      }
      // the router answers 405/501 without a body for methods a route lacks (or unknown ones such as TRACE)
      if ((ctx.status === 405 || ctx.status === 501) && !ctx.body) {
        throw new AppError(405, 'method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}`);
      }
    } catch (err) {
      const appErr = toAppError(err);
      const log = ctx.state.log ?? console;
      if (appErr.status >= 500) log.error({ err: (appErr.cause as Error) ?? appErr, code: appErr.code }, 'request failed');
      ctx.status = appErr.status;
      for (const [k, v] of Object.entries(appErr.headers)) ctx.set(k, v);
      ctx.body = appErr.expose
        ? errorBody(appErr)
        : { error: { code: appErr.code, message: 'Internal server error', details: [] } };
    }
  };
}
