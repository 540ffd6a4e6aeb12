import type { RouteDef } from '../http/route';
import { errorSchema } from '../schemas/common';
import { exampleImageBytes } from '../openapi/examples-schedules';
import { renderUrlParams, renderUrlQuery } from '../schemas/url-key';
import { renderFromUrl } from '../services/render-from-url';

const binary = { type: 'string', format: 'binary' };
const headers = {
  ETag: { description: 'Quoted sha256 of the image; unchanged while the URL answers from the cache', schema: { type: 'string' } },
  'Cache-Control': { description: '`public, max-age=<seconds>, immutable` (max-age up to a year, never past `exp`)', schema: { type: 'string' } },
  'X-Render-Cache': { description: '`hit` when a stored result answered, `miss` when the request rendered', schema: { type: 'string' } },
};

/** Render URLs: the signature is the credential, so these routes take no API key (see docs/render-urls.md). */
export function renderUrlRoutes(): RouteDef[] {
  return [
    {
      method: 'get',
      path: '/u/{key_id}/{template_file}',
      operationId: 'renderImageFromUrl',
      summary: 'Render an image from a signed URL',
      description:
        'Every query parameter except `sig` and `exp` sets the placeholder of its name (text, image URL, color or number after the placeholder type). ' +
        'The URL must be signed with a live URL key of the org that owns the template: a tampered signature, a revoked key or a past `exp` answer 403. ' +
        'An identical completed render of the org answers from storage; otherwise the image is rendered now (up to URL_RENDER_WAIT_SECONDS). ' +
        "A render failure answers 502 with the render's error code.",
      tag: 'Render URLs',
      auth: false,
      params: renderUrlParams,
      query: renderUrlQuery,
      headers: [{ name: 'If-None-Match', description: 'An ETag from an earlier answer: 304 when unchanged', schema: { type: 'string' } }],
      responses: {
        200: { description: 'The image (image/jpeg or image/webp for templates of those formats)', contentType: 'image/png', schema: binary, headers, example: exampleImageBytes },
        304: { description: 'Not modified (If-None-Match matched)' },
        403: { description: 'Invalid signature, revoked key or expired URL (invalid_signature, url_key_revoked, url_expired)', schema: errorSchema },
        502: { description: "The render failed; `code` is the render's error code", schema: errorSchema },
        504: { description: 'The render did not finish within URL_RENDER_WAIT_SECONDS (render_timeout); retry', schema: errorSchema },
      },
      handler: async ({ ctx, deps, params }) => {
        const out = await renderFromUrl(deps, {
          keyId: params.key_id,
          file: params.template_file,
          params: [...new URLSearchParams(ctx.querystring)],
          ifNoneMatch: ctx.get('if-none-match') || undefined,
        });
        ctx.set('ETag', out.etag);
        ctx.set('Cache-Control', `public, max-age=${out.maxAge}, immutable`);
        ctx.set('X-Render-Cache', out.cached ? 'hit' : 'miss');
        ctx.status = out.status;
        if (out.status === 304) return undefined;
        ctx.type = out.contentType;
        return out.body;
      },
    },
  ];
}
