import type { RouteDef } from '../http/route';
import { created } from '../http/created';
import { listQuerySchema, sendPage } from '../http/pagination';
import { idParam, listHeaders } from '../schemas/common';
import * as ex from '../openapi/examples-schedules';
import { createUrlKeyBody, urlKeySchema, urlKeyWithSecretSchema } from '../schemas/url-key';
import { createUrlKey, listUrlKeys, revokeUrlKey, serializeUrlKey, URL_KEY_LIMIT_PER_ORG } from '../services/url-key-service';

const TAG = 'Render URLs';

export function urlKeysRoutes(): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/v1/url-keys',
      operationId: 'createUrlKey',
      summary: 'Create a URL signing key',
      description: `The answer carries the \`secret\`, shown only here. Sign render URLs (GET /u/...) with it; see docs/render-urls.md. At most ${URL_KEY_LIMIT_PER_ORG} live keys per org.`,
      tag: TAG,
      body: createUrlKeyBody,
      requestExample: ex.exampleCreateUrlKey,
      responses: {
        201: { description: 'Created; the only answer that shows the secret', schema: urlKeyWithSecretSchema, example: ex.exampleUrlKeyWithSecret },
        409: { description: `The org already has ${URL_KEY_LIMIT_PER_ORG} live URL keys (url_key_limit_reached)` },
      },
      handler: async ({ ctx, deps, orgId, body }) => {
        const row = await createUrlKey(deps.db, orgId, body.name ?? 'default');
        return created(ctx, `/v1/url-keys/${row.id}`, serializeUrlKey(row, true));
      },
    },
    {
      method: 'get',
      path: '/v1/url-keys',
      operationId: 'listUrlKeys',
      summary: 'List URL signing keys (without secrets), newest first',
      tag: TAG,
      query: { type: 'object', additionalProperties: false, properties: { ...listQuerySchema } },
      responses: { 200: { description: 'A page of URL keys', schema: { type: 'array', items: urlKeySchema }, headers: listHeaders, example: [ex.exampleUrlKey] } },
      handler: async ({ ctx, deps, orgId, query }) => sendPage(ctx, await listUrlKeys(deps.db, orgId, query), (r) => serializeUrlKey(r)),
    },
    {
      method: 'delete',
      path: '/v1/url-keys/{key_id}',
      operationId: 'revokeUrlKey',
      summary: 'Revoke a URL signing key',
      description: 'URLs signed with it answer 403 from now on, also those whose results are stored. Revoking twice is a no-op.',
      tag: TAG,
      params: idParam('key_id'),
      responses: { 204: { description: 'Revoked' } },
      handler: ({ deps, orgId, params }) => revokeUrlKey(deps.db, orgId, params.key_id),
    },
  ];
}
