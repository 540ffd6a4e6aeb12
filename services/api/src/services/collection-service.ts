import type { Context } from 'koa';
import { serializeCollection, type Knex } from '@rp/db';
import { notFound, validationFailed, type ErrorDetail } from '@rp/errors';
import { startCollectionWorkflow } from '@rp/workflows/dist/client';
import type { ApiDeps } from '../deps';
import { insertCollection, loadTemplateForRender, validateModifications, type LoadedTemplate } from '@rp/collections';
import { createIdempotently, idempotencyKey } from './idempotency';
import { checkMetadata, startOrRollback } from './render-service';

export interface CreateCollectionBody {
  template_id: string;
  items: { modifications?: any[]; metadata?: Record<string, unknown> }[];
  name?: string | null;
  metadata?: Record<string, unknown>;
}

/**
 * Validates every item up front (nothing starts if one is invalid), then stores all rows in one transaction.
 * `opts.idempotency` names the route and the request body a repeated Idempotency-Key is compared against;
 * `opts.loaded` is the template and version when the caller has read them already.
 */
export async function createCollection(
  ctx: Context,
  deps: ApiDeps,
  orgId: string,
  body: CreateCollectionBody,
  opts: { idempotency?: { route: string; requestBody: unknown }; loaded?: LoadedTemplate } = {},
) {
  const { db } = deps;
  const idempotency = opts.idempotency ?? { route: 'POST /v1/collections', requestBody: body };
  const key = idempotencyKey(ctx);
  const { template, version } = opts.loaded ?? (await loadTemplateForRender(db, orgId, body.template_id));
  const details: ErrorDetail[] = [...checkMetadata(body.metadata)];
  body.items.forEach((item, i) => {
    details.push(...validateModifications(version.placeholders, item.modifications ?? [], `items[${i}].modifications`));
    details.push(...checkMetadata(item.metadata, `items[${i}].metadata`));
  });
  if (details.length) throw validationFailed(details.slice(0, 100), 'One or more collection items are invalid');
  let renderIds: string[] = [];
  const { id, replayed } = await createIdempotently(
    db,
    { orgId, route: idempotency.route, key, body: idempotency.requestBody, resourceType: 'collection' },
    async (trx) => {
      const created = await insertCollection(trx, orgId, { loaded: { template, version }, items: body.items, name: body.name, metadata: body.metadata });
      renderIds = created.renderIds;
      return created.id;
    },
  );
  const row = await db('collections').where({ id }).first();
  if (!replayed) {
    const start = () => startCollectionWorkflow(deps.temporal, row, renderIds, deps.config.COLLECTION_CONCURRENCY);
    await startOrRollback(deps, start, { table: 'collections', id });
  }
  ctx.status = 202;
  return serializeCollection(row, deps.signUrl);
}

export async function getCollection(db: Knex, orgId: string, id: string) {
  const row = await db('collections').where({ id, org_id: orgId }).first();
  if (!row) throw notFound('collection');
  const items = await db('collection_items as ci')
    .join('renders as r', 'r.id', 'ci.render_id')
    .where({ 'ci.collection_id': id, 'ci.org_id': orgId })
    .orderBy('ci.index')
    .select('ci.index', 'ci.render_id', 'ci.metadata', 'r.status', 'r.result_path', 'r.error');
  return { row, items };
}
