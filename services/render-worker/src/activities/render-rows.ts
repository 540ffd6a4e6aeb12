import type { RenderError } from '@rp/common';
import { NOW_MS_SQL, finishRender, hasSubscribers, type Knex, type RenderRow, type TemplateVersionRow } from '@rp/db';

/** The render row plus the template version it pinned. */
export type RenderJob = RenderRow & { version: TemplateVersionRow };

/** The render row plus the template version it pinned (versions are immutable, so renders are reproducible). */
export async function loadRenderJob(db: Knex, renderId: string): Promise<RenderJob | null> {
  const row = await db('renders').where({ id: renderId }).first();
  if (!row) return null;
  const version = await db('template_versions')
    .where({ template_id: row.template_id, version: row.template_version, org_id: row.org_id })
    .first();
  return { ...row, version };
}

export async function markRendering(db: Knex, renderId: string): Promise<void> {
  await db('renders')
    .where({ id: renderId })
    .whereIn('status', ['pending', 'rendering'])
    .update({ status: 'rendering', started_at: db.raw(`coalesce(started_at, ${NOW_MS_SQL})`) });
}

/**
 * Completes a cache-hit render with its source's stored result (same org only), or answers null when the source
 * is no longer a completed render of the org, so the caller renders after all.
 */
export async function completeFromCache(db: Knex, job: RenderJob): Promise<any | null> {
  const src = await db('renders').where({ id: job.cached_from, org_id: job.org_id, status: 'completed' }).first();
  if (!src?.result_path) return null;
  const { row } = await finishRender(db, job.id, {
    status: 'completed',
    fields: { result_path: src.result_path, thumbnail_path: src.thumbnail_path, image_metadata: JSON.stringify(src.image_metadata) },
  });
  return row;
}

/** Records a render's failure (a no-op on a final row); answers whether anyone wants the failure event. */
export async function failRenderRow(db: Knex, renderId: string, error: RenderError): Promise<{ notify: boolean }> {
  const { row } = await finishRender(db, renderId, { status: 'failed', error });
  if (!row || row.collection_id || row.status !== 'failed') return { notify: false };
  return { notify: await hasSubscribers(db, row.org_id, `${row.kind}.failed`, row.webhook_id) };
}
