import type { RenderError } from '@rp/workflow-safe';
import { NOW_MS_SQL, createVersionCache, finishRender, hasSubscribers, type Knex, type RenderRow, type TemplateVersionRow } from '@rp/db';
import { permanent } from './to-application-failure';

/** The render row plus the template version it pinned. */
export type RenderJob = RenderRow & { version: TemplateVersionRow };

/** Decided versions this process has read (version-cache.ts): a render of a known version costs one query. */
const versions = createVersionCache<TemplateVersionRow>(128);

/** The render row plus the template version it pinned (versions are immutable, so renders are reproducible). */
export async function loadRenderJob(db: Knex, renderId: string, opts: { markRendering?: boolean } = {}): Promise<RenderJob | null> {
  const row: RenderRow | undefined = opts.markRendering ? await loadAndMark(db, renderId) : await db('renders').where({ id: renderId }).first();
  if (!row) return null;
  const { org_id: orgId, template_id: templateId, template_version: n } = row;
  let version = versions.get(orgId, templateId, n);
  if (!version) {
    const loaded: TemplateVersionRow | undefined = await db('template_versions').where({ template_id: templateId, version: n, org_id: orgId }).first();
    version = loaded && versions.remember(orgId, templateId, n, loaded);
  }
  // a version row that is gone leaves `version` undefined: settledOutcome fails the render with template_invalid
  return { ...row, version: version as TemplateVersionRow };
}

/** Whether anyone hears about a render's outcome (`<kind>.<status>`): never for a collection item, whose collection reports it. */
export type NotifyFor = (status: string) => Promise<boolean>;

export const notifyFor =
  (db: Knex, row: Pick<RenderRow, 'collection_id' | 'org_id' | 'kind' | 'webhook_id'>): NotifyFor =>
  (status) =>
    row.collection_id ? Promise.resolve(false) : hasSubscribers(db, row.org_id, `${row.kind}.${status}`, row.webhook_id);

/**
 * A row already failed (cancelled before it ran, or failed by an earlier attempt) ends this attempt the same way,
 * permanently: it is never rendered again.
 */
export function throwIfFailed(row: Pick<RenderRow, 'status' | 'error'>): void {
  if (row.status === 'failed') throw permanent(row.error?.code ?? 'internal_error', row.error?.message ?? 'render failed');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opens a simple query whose implicit transaction commits without waiting for its WAL flush (markRendering). */
const NO_WAL_WAIT = `select set_config('synchronous_commit', 'off', true); `;

/** The update that marks a render `rendering`; the id is checked, then inlined (a simple query takes no parameters). */
function markSql(renderId: string, also = ''): string {
  if (!UUID.test(renderId)) throw new Error(`render id ${JSON.stringify(renderId.slice(0, 64))} is not a uuid`);
  return (
    `update renders set status = 'rendering', started_at = coalesce(started_at, ${NOW_MS_SQL}) ` +
    `where id = '${renderId}' and status in ('pending', 'rendering')${also}`
  );
}

/**
 * An image render's row as it was before this attempt, marked `rendering` in the same round trip (markRendering's
 * rules: no WAL flush wait, one implicit transaction). The update and the select read one snapshot, so the row
 * answered is the one settledOutcome judges (completed, failed, a cache hit); the update leaves those alone.
 */
async function loadAndMark(db: Knex, renderId: string): Promise<RenderRow | undefined> {
  // no row has an id that is not a uuid (the column's type)
  if (!UUID.test(renderId)) return undefined;
  const results = await db.raw(
    `${NO_WAL_WAIT}with marked as (${markSql(renderId, ' and cached_from is null')}) select * from renders where id = '${renderId}'`,
  );
  // a simple query of two statements answers one result per statement
  return (results as Array<{ rows: RenderRow[] }>)[1]!.rows[0];
}

/**
 * The advisory `rendering` status, committed without waiting for its WAL flush (synchronous_commit off for this one
 * transaction): losing it in a crash loses nothing accepted (the row stays `pending`, its workflow renders it again
 * and the final status is committed durably, flushing this one with it). One round trip: the two statements of one
 * simple query run as one implicit transaction, so `set_config(..., true)` covers exactly this update, and an error
 * rolls both back without leaving the pooled connection inside a transaction. The id is checked, then inlined (a
 * simple query takes no parameters).
 */
export async function markRendering(db: Knex, renderId: string): Promise<void> {
  await db.raw(`${NO_WAL_WAIT}${markSql(renderId)}`);
}

/**
 * Completes a cache-hit render with its source's stored result (same org only), or answers null when the source
 * is no longer a completed render of the org, so the caller renders after all.
 */
export async function completeFromCache(db: Knex, job: RenderJob): Promise<RenderRow | null> {
  if (!job.cached_from) return null;
  const src: RenderRow | undefined = await db('renders').where({ id: job.cached_from, org_id: job.org_id, status: 'completed' }).first();
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
  if (!row || row.status !== 'failed') return { notify: false };
  return { notify: await notifyFor(db, row)('failed') };
}
