import type { Context } from 'koa';
import { serializeCollection, type Knex } from '@rp/db';
import { notFound, validationFailed, type ErrorDetail } from '@rp/errors';
import { startCollectionWorkflow } from '@rp/workflows/dist/client';
import { defaultVideoFps, type RenderKind } from '@rp/common';
import type { ApiDeps } from '../deps';
import { validateModifications } from './validate-modifications';
import { createIdempotently, idempotencyKey } from './idempotency';
import { checkMetadata, loadTemplateForRender, startOrRollback } from './render-service';

type LoadedTemplate = Awaited<ReturnType<typeof loadTemplateForRender>>;

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
  const kind = template.type as RenderKind;
  const details: ErrorDetail[] = [...checkMetadata(body.metadata)];
  body.items.forEach((item, i) => {
    details.push(...validateModifications(version.placeholders, item.modifications ?? [], `items[${i}].modifications`));
    details.push(...checkMetadata(item.metadata, `items[${i}].metadata`));
  });
  if (details.length) throw validationFailed(details.slice(0, 100), 'One or more collection items are invalid');
  const canvas = (version.canvas_data ?? {}) as Record<string, unknown>;
  const videoFields =
    kind === 'video'
      ? { duration_seconds: Number(canvas.duration_seconds ?? 5), fps: Number(canvas.fps ?? defaultVideoFps(version.format)), width: version.width, height: version.height }
      : {};

  let renderIds: string[] = [];
  const { id, replayed } = await createIdempotently(
    db,
    { orgId, route: idempotency.route, key, body: idempotency.requestBody, resourceType: 'collection' },
    async (trx) => {
      const [col] = await trx('collections')
        .insert({
          org_id: orgId,
          template_id: body.template_id,
          template_version: version.version,
          name: body.name ?? null,
          type: kind,
          status: 'pending',
          total: body.items.length,
          metadata: JSON.stringify(body.metadata ?? {}),
        })
        .returning('id');
      const renders = await trx('renders')
        .insert(
          body.items.map((item, index) => ({
            org_id: orgId,
            kind,
            template_id: body.template_id,
            template_version: version.version,
            status: 'pending',
            modifications: JSON.stringify(item.modifications ?? []),
            metadata: JSON.stringify(item.metadata ?? {}),
            collection_id: col.id,
            collection_index: index,
            ...videoFields,
          })),
        )
        .returning(['id', 'collection_index']);
      renders.sort((a: any, b: any) => a.collection_index - b.collection_index);
      renderIds = renders.map((r: any) => r.id as string);
      await trx('collection_items').insert(
        renders.map((r: any) => ({
          org_id: orgId,
          collection_id: col.id,
          index: r.collection_index,
          render_id: r.id,
          metadata: JSON.stringify(body.items[r.collection_index]!.metadata ?? {}),
        })),
      );
      return col.id as string;
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
