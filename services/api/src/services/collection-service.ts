import type { CollectionItemView, CollectionRow, Knex, TemplateVersionRow } from '@rp/db';
import { notFound, validationFailed, type ErrorDetail } from '@rp/errors';
import { startCollectionWorkflow } from '@rp/workflows/client';
import { resolveVideoSettings, type Modification, type RenderKind } from '@rp/common';
import type { ApiDeps } from '../deps';
import { validateModifications } from './validate-modifications';
import { createIdempotently } from './idempotency';
import { keysetPage, type Page, type PageQuery } from './keyset-page';
import { checkMetadata, loadTemplateForRender, startOrRollback } from './render-service';

type LoadedTemplate = Awaited<ReturnType<typeof loadTemplateForRender>>;

export interface CreateCollectionBody {
  template_id: string;
  items: { modifications?: Modification[]; metadata?: Record<string, unknown> }[];
  name?: string | null;
  metadata?: Record<string, unknown>;
}

/** Every item checked up front (nothing starts if one is invalid); answers the columns a video item adds. */
function checkCollectionRequest(version: TemplateVersionRow, kind: RenderKind, body: CreateCollectionBody) {
  const details: ErrorDetail[] = [...checkMetadata(body.metadata)];
  body.items.forEach((item, i) => {
    details.push(...validateModifications(version.placeholders, item.modifications ?? [], `items[${i}].modifications`));
    details.push(...checkMetadata(item.metadata, `items[${i}].metadata`));
  });
  if (details.length) throw validationFailed(details.slice(0, 100), 'One or more collection items are invalid');
  if (kind !== 'video') return {};
  // items take the template's length and frame rate, by the same rule as a single video
  const { settings, problems } = resolveVideoSettings({}, version.canvas_data);
  if (problems.length) throw validationFailed(problems);
  return { ...settings, width: version.width, height: version.height };
}

/** The collection, one render per item and the items linking them, in the caller's transaction. */
async function insertCollection(
  trx: Knex.Transaction,
  orgId: string,
  version: TemplateVersionRow,
  body: CreateCollectionBody,
  videoFields: object,
): Promise<{ collectionId: string; renderIds: string[] }> {
  const [col] = await trx('collections')
    .insert({
      org_id: orgId,
      template_id: body.template_id,
      template_version: version.version,
      name: body.name ?? null,
      type: version.type,
      status: 'pending',
      total: body.items.length,
      metadata: JSON.stringify(body.metadata ?? {}),
    })
    .returning('id');
  const renders: { id: string; collection_index: number }[] = await trx('renders')
    .insert(
      body.items.map((item, index) => ({
        org_id: orgId,
        kind: version.type,
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
  renders.sort((a, b) => a.collection_index - b.collection_index);
  await trx('collection_items').insert(
    renders.map((r) => ({
      org_id: orgId,
      collection_id: col.id,
      index: r.collection_index,
      render_id: r.id,
      metadata: JSON.stringify(body.items[r.collection_index]!.metadata ?? {}),
    })),
  );
  return { collectionId: col.id, renderIds: renders.map((r) => r.id) };
}

/**
 * Validates every item, then stores all rows in one transaction and starts the collection workflow.
 * `opts.idempotency` names the route and the request body a repeated Idempotency-Key is compared against;
 * `opts.loaded` is the template and version when the caller has read them already.
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
  const videoFields = checkCollectionRequest(version, template.type, body);
  let renderIds: string[] = [];
  const { id, replayed } = await createIdempotently(
    db,
    { orgId, route: idempotency.route, key: opts.idempotencyKey, body: idempotency.requestBody, resourceType: 'collection' },
    async (trx) => {
      const created = await insertCollection(trx, orgId, { ...version, type: template.type }, body, videoFields);
      renderIds = created.renderIds;
      return created.collectionId;
    },
  );
  const row: CollectionRow = await db('collections').where({ id }).first();
  if (!replayed) {
    const start = () => startCollectionWorkflow(deps.temporal, row, renderIds, deps.config.COLLECTION_CONCURRENCY);
    await startOrRollback(deps, start, { table: 'collections', id });
  }
  return row;
}

export async function getCollection(db: Knex, orgId: string, id: string): Promise<{ row: CollectionRow; items: CollectionItemView[] }> {
  const row: CollectionRow | undefined = await db('collections').where({ id, org_id: orgId }).first();
  if (!row) throw notFound('collection');
  const items: CollectionItemView[] = await db('collection_items as ci')
    .join('renders as r', 'r.id', 'ci.render_id')
    .where({ 'ci.collection_id': id, 'ci.org_id': orgId })
    .orderBy('ci.index')
    .select('ci.index', 'ci.render_id', 'ci.metadata', 'r.status', 'r.result_path', 'r.error');
  return { row, items };
}

export function listCollections(db: Knex, orgId: string, q: PageQuery & { status?: string }): Promise<Page<CollectionRow>> {
  const qb = db('collections').where({ org_id: orgId });
  if (q.status) qb.andWhere('status', q.status);
  return keysetPage<CollectionRow>(qb, q);
}
