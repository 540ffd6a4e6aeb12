import { RENDER_STATUSES, type RenderKind } from '@rp/workflow-safe';
import { serializeRender } from '@rp/serializers';
import type { RouteDef } from '../http/route';
import { listQuerySchema, sendPage } from '../http/pagination';
import { idempotencyKey, preferWaitSeconds } from '../http/request-headers';
import { idParam, idempotencyHeader, listHeaders, preferHeader, uuid } from '../schemas/common';
import { createImageBody, createVideoBody, imageSchema, videoSchema } from '../schemas/render';
import { createRender, getRender, listRenders } from '../services/render-service';
import { exampleCreateImage, exampleCreateVideo, exampleImage, exampleVideo } from '../openapi/examples';

/** Images and videos share one shape of API; only the body schema and record differ. */
// eslint-disable-next-line max-lines-per-function -- a route table, one declarative entry per operation; the logic is in the services.
export function renderRoutes(kind: RenderKind): RouteDef[] {
  const plural = `${kind}s`;
  const Kind = kind === 'image' ? 'Image' : 'Video';
  const schema = kind === 'image' ? imageSchema : videoSchema;
  const idName = `${kind}_id`;
  const example = kind === 'image' ? exampleImage : exampleVideo;
  const pending = { ...example, status: 'pending', result_url: null, thumbnail_url: null, started_at: null, completed_at: null };
  return [
    {
      method: 'post',
      path: `/v1/${plural}`,
      operationId: `create${Kind}`,
      summary: `Create ${kind === 'image' ? 'an image' : 'a video'}`,
      description:
        `Validates the modifications against the template's placeholders, stores the record pinned to the template's current version and starts its workflow (id \`${kind}-<id>\`). ` +
        'Answers 202 with the pending record, or with `Prefer: wait=N` holds up to N seconds and answers 200 with the final record.',
      tag: `${Kind}s`,
      headers: [preferHeader, idempotencyHeader],
      body: kind === 'image' ? createImageBody : createVideoBody,
      requestExample: kind === 'image' ? exampleCreateImage : exampleCreateVideo,
      responses: {
        202: { description: 'Accepted; the render runs asynchronously', schema, example: pending },
        200: { description: 'Finished within the Prefer: wait time', schema, example },
        409: { description: 'Idempotency-Key reused with a different body' },
      },
      handler: async ({ ctx, deps, orgId, body }) => {
        const waitSeconds = preferWaitSeconds(ctx);
        const { row, final } = await createRender(deps, { orgId, kind, body, idempotencyKey: idempotencyKey(ctx), waitSeconds });
        ctx.status = waitSeconds > 0 && final ? 200 : 202;
        if (waitSeconds > 0) ctx.set('Preference-Applied', `wait=${waitSeconds}`);
        return serializeRender(row, deps.signUrl);
      },
    },
    {
      method: 'get',
      path: `/v1/${plural}/{${idName}}`,
      operationId: `get${Kind}`,
      summary: `Get ${kind === 'image' ? 'an image' : 'a video'}`,
      tag: `${Kind}s`,
      params: idParam(idName),
      responses: { 200: { description: `The ${kind}`, schema, example } },
      handler: async ({ deps, orgId, params }) => serializeRender(await getRender(deps, orgId, kind, params[idName]), deps.signUrl),
    },
    {
      method: 'get',
      path: `/v1/${plural}`,
      operationId: `list${Kind}s`,
      summary: `List ${plural}, newest first`,
      tag: `${Kind}s`,
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          ...listQuerySchema,
          status: { type: 'string', enum: [...RENDER_STATUSES] },
          template_id: uuid,
          collection_id: uuid,
        },
      },
      responses: { 200: { description: `A page of ${plural}`, schema: { type: 'array', items: schema }, headers: listHeaders, example: [example] } },
      handler: async ({ ctx, deps, orgId, query }) =>
        sendPage(ctx, await listRenders(deps.db, orgId, kind, query), (r) => serializeRender(r, deps.signUrl)),
    },
  ];
}
