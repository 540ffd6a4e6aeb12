import crypto from 'node:crypto';
import { iso } from '@rp/db';
import { conflict, notFound } from '@rp/errors';
import type { RouteDef } from '../http/route';
import { listQuerySchema, sendPage } from '../http/pagination';
import { keysetPage } from '../services/keyset-page';
import { idParam, listHeaders } from '../schemas/common';
import * as ex from '../openapi/examples-schedules';
import { createUrlKeyBody, urlKeySchema, urlKeyWithSecretSchema } from '../schemas/url-key';

const TAG = 'Render URLs';
/** Live (unrevoked) URL keys an org may hold: enough to rotate, few enough to audit. */
export const URL_KEY_LIMIT_PER_ORG = 20;

type Row = Record<string, any>;
const serialize = (r: Row, withSecret = false) => ({
  id: r.id,
  org_id: r.org_id,
  name: r.name,
  created_at: iso(r.created_at),
  revoked_at: iso(r.revoked_at),
  ...(withSecret ? { secret: r.secret } : {}),
});

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
        const row = await deps.db.transaction(async (trx) => {
          await trx('orgs').where({ id: orgId }).forUpdate().first('id');
          const [{ count }] = await trx('url_keys').where({ org_id: orgId }).whereNull('revoked_at').count<{ count: string }[]>('* as count');
          if (Number(count) >= URL_KEY_LIMIT_PER_ORG) {
            throw conflict('url_key_limit_reached', `An org can have at most ${URL_KEY_LIMIT_PER_ORG} live URL keys; revoke one first`, [
              { field: 'name', message: `the org already has ${URL_KEY_LIMIT_PER_ORG} live URL keys` },
            ]);
          }
          const secret = `uk_${crypto.randomBytes(32).toString('base64url')}`;
          return (await trx('url_keys').insert({ org_id: orgId, name: body.name ?? 'default', secret }).returning('*'))[0];
        });
        ctx.status = 201;
        ctx.set('Location', `/v1/url-keys/${row.id}`);
        return serialize(row, true);
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
      handler: async ({ ctx, deps, orgId, query }) => {
        const page = await keysetPage<Row & { id: string; created_at: Date }>(deps.db('url_keys').where({ org_id: orgId }), query);
        return sendPage(ctx, page, (r) => serialize(r));
      },
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
      handler: async ({ deps, orgId, params }) => {
        const n = await deps.db('url_keys')
          .where({ id: params.key_id, org_id: orgId })
          .update({ revoked_at: deps.db.raw("coalesce(revoked_at, date_trunc('milliseconds', now()))") });
        if (!n) throw notFound('URL key');
      },
    },
  ];
}
