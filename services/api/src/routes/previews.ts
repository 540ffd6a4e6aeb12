import type { RouteDef } from '../http/route';
import { createRateLimiter } from '../http/rate-limit';
import { createPreviewBody, previewImageSchema } from '../schemas/preview';
import { runPreview } from '../services/preview-service';
import { exampleModifications, examplePreviewTemplate } from '../openapi/examples';

const rateHeaders = {
  'RateLimit-Limit': { description: 'PREVIEW_RATE_LIMIT_PER_MINUTE: previews per key per minute', schema: { type: 'string' } },
  'RateLimit-Remaining': { description: 'Previews left in this window', schema: { type: 'string' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'string' } },
};

export function previewsRoutes(): RouteDef[] {
  // one window per API process, built on first use because the limit comes with the deps
  let limiter: ReturnType<typeof createRateLimiter> | undefined;
  return [
    {
      method: 'post',
      path: '/v1/previews',
      operationId: 'createPreview',
      summary: 'Preview a template',
      description:
        'Renders an unsaved template (`template`) or a saved version (`template_id`, `version`) with modifications and answers the image bytes ' +
        '(the template format; a video template answers the JPEG frame at `time_seconds`). Same bounds, placeholder checks, network guard and ' +
        'page timeout as a render, but no render row, no stored result and no webhook. Its own per-key rate limit, ' +
        'PREVIEW_RATE_LIMIT_PER_MINUTE (default 120), is shown in the RateLimit-* headers. A renderer failure caused by the input answers 422 ' +
        'with the code a failed render would record (ssrf_blocked, asset_unreachable, template_invalid, render_timeout).',
      tag: 'Previews',
      body: createPreviewBody,
      requestExample: { template: examplePreviewTemplate, modifications: exampleModifications },
      responses: {
        200: {
          description: 'The preview image',
          schema: previewImageSchema,
          contentType: ['image/png', 'image/jpeg', 'image/webp'],
          headers: rateHeaders,
        },
      },
      handler: async ({ ctx, body, orgId, deps }) => {
        limiter ??= createRateLimiter(deps.config.PREVIEW_RATE_LIMIT_PER_MINUTE);
        limiter(ctx);
        const { bytes, contentType } = await runPreview(deps, orgId, body);
        ctx.type = contentType;
        ctx.set('Cache-Control', 'no-store');
        return bytes;
      },
    },
  ];
}
