import { collectionItemViews, type CollectionItemView, type CollectionRow, type Knex } from '@rp/db';
import { notFound, validationFailed, type ErrorDetail } from '@rp/errors';
import { declaredVariants, resolveRequestedVariants, type Modification } from '@rp/workflow-safe';
import type { ApiDeps } from '../deps';
import { insertCollection } from '@rp/people';
import { assertPendingCapacity, checkCanvasCaps, checkCollectionCaps, loadTemplateForRender, validateModifications, type LoadedTemplate } from '@rp/render-admission';
import { createIdempotently } from './idempotency';
import { keysetPage, type Page, type PageQuery } from './keyset-page';
import { checkMetadata, startOrRollback } from './render-service';

export interface CreateCollectionBody {
  template_id: string;
  items: { modifications?: Modification[]; metadata?: Record<string, unknown> }[];
  name?: string | null;
  metadata?: Record<string, unknown>;
  /** Lay the items out for their warnings only (preflight-collection.ts); never reaches createCollection. */
  preflight?: boolean;
  /** Size variants every item renders; the zip holds a folder per variant. */
  variants?: string[];
}

/**
 * Validates every item up front (nothing starts if one is invalid), then stores all rows in one transaction and
 * starts the collection workflow. `opts.idempotency` names the route and the request body a repeated
 * Idempotency-Key is compared against; `opts.loaded` is the template and version when the caller has read them.
 */
export async function createCollection(
  deps: ApiDeps,
  orgId: string,
  body: CreateCollectionBody,
  opts: { idempotencyKey: string | null; idempotency?: { route: string; requestBody: unknown }; loaded?: LoadedTemplate },
): Promise<CollectionRow> {
  const { db } = deps;
  const idempotency = opts.idempotency ?? { route: 'POST /v1/collections', requestBody: body };
  const { template, version } = opts.loaded ?? (await loadTemplateForRender(db, orgId, body.template_id));
  const details: ErrorDetail[] = [...checkMetadata(body.metadata)];
  body.items.forEach((item, i) => {
    details.push(...validateModifications(version.placeholders, item.modifications ?? [], `items[${i}].modifications`));
    details.push(...checkMetadata(item.metadata, `items[${i}].metadata`));
  });
  if (details.length) throw validationFailed(details.slice(0, 100), 'One or more collection items are invalid');
  const { variants, problems } = resolveRequestedVariants(declaredVariants(version.canvas_data), body.variants ?? []);
  const caps = [...checkCollectionCaps({ template, version }, deps.config), ...problems];
  variants.forEach((v, i) => caps.push(...checkCanvasCaps({ type: 'image', width: v.width, height: v.height }, deps.config, { size: `variants[${i}]`, frames: `variants[${i}]` })));
  if (caps.length) throw validationFailed(caps);
  let renderIds: string[] = [];
  const { id, replayed } = await createIdempotently(
    db,
    { orgId, route: idempotency.route, key: opts.idempotencyKey, body: idempotency.requestBody, resourceType: 'collection' },
    async (trx) => {
      await assertPendingCapacity(trx, orgId, body.items.length, deps.config);
      const created = await insertCollection(trx, orgId, { loaded: { template, version }, items: body.items, name: body.name, metadata: body.metadata, variants });
      renderIds = created.renderIds;
      return created.id;
    },
  );
  const row: CollectionRow = await db('collections').where({ id }).first();
  if (!replayed) {
    const start = () => deps.temporal.startCollection(row, renderIds, deps.config.COLLECTION_CONCURRENCY);
    await startOrRollback(deps, start, { table: 'collections', id });
  }
  return row;
}

export async function getCollection(db: Knex, orgId: string, id: string): Promise<{ row: CollectionRow; items: CollectionItemView[] }> {
  const row: CollectionRow | undefined = await db('collections').where({ id, org_id: orgId }).first();
  if (!row) throw notFound('collection');
  const items = await collectionItemViews(db, orgId, id);
  return { row, items };
}

export function listCollections(db: Knex, orgId: string, q: PageQuery & { status?: string }): Promise<Page<CollectionRow>> {
  const qb = db('collections').where({ org_id: orgId });
  if (q.status) qb.andWhere('status', q.status);
  return keysetPage<CollectionRow>(qb, q);
}
