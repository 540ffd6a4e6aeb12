import type { Context, Next } from 'koa';
import { verifyFileUrl } from '@rp/storage';
import { AppError, notFound } from '@rp/errors';
import type { ApiDeps } from '../deps';

/**
 * Signed download route for every URL the API hands out (result_url, thumbnail_url, zip_url, photo_url).
 * The signature is the credential, so these URLs work without an API key, from any host, until they expire.
 */
export function filesMiddleware(deps: ApiDeps) {
  return async (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/files/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    let storagePath: string;
    try {
      storagePath = ctx.path.slice('/files/'.length).split('/').map(decodeURIComponent).join('/');
    } catch {
      throw notFound('file');
    }
    const verdict = verifyFileUrl(deps.config.FILE_URL_SECRET, storagePath, ctx.query.expires as string, ctx.query.sig as string);
    if (verdict === 'expired') throw new AppError(410, 'url_expired', 'This file URL has expired; read the resource again for a fresh one');
    if (verdict !== 'ok') throw new AppError(403, 'invalid_signature', 'The file URL signature is invalid');
    const stat = await deps.store.stat(storagePath);
    if (!stat) throw notFound('file');
    ctx.set('Content-Type', stat.contentType);
    ctx.set('Content-Length', String(stat.size));
    ctx.set('Cache-Control', 'private, max-age=3600');
    // uploaded SVG is served from the API's origin: never let a script inside it run there
    ctx.set('Content-Security-Policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'");
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = ctx.method === 'HEAD' ? null : await deps.store.getStream(storagePath);
    if (ctx.method === 'HEAD') ctx.status = 200;
  };
}
