import type { Knex } from '@rp/db';
import type { RenderError } from '@rp/common';

export interface RenderJob {
  id: string;
  org_id: string;
  kind: 'image' | 'video';
  status: string;
  template_id: string;
  template_version: number;
  modifications: any[];
  webhook_id: string | null;
  error: { code: string; message: string } | null;
  collection_id: string | null;
  duration_seconds: number | null;
  fps: number | null;
  width: number | null;
  height: number | null;
  started_at: Date | null;
  result_path: string | null;
  thumbnail_path: string | null;
  version: {
    type: string;
    format: string;
    width: number;
    height: number;
    composition_html: string;
    placeholders: any[];
    canvas_data: Record<string, unknown>;
    video_strategy: string;
  };
}

export const isFinal = (status: string) => status === 'completed' || status === 'failed';

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
    .update({ status: 'rendering', started_at: db.raw("coalesce(started_at, date_trunc('milliseconds', now()))") });
}

/** Recounts a collection from its renders, inside the transaction that finished an item: GET shows live counts. */
async function recountCollection(trx: Knex.Transaction, collectionId: string): Promise<void> {
  await trx.raw(
    `UPDATE collections c SET
       completed = (SELECT count(*) FROM renders r WHERE r.collection_id = c.id AND r.status = 'completed'),
       failed = (SELECT count(*) FROM renders r WHERE r.collection_id = c.id AND r.status = 'failed')
     WHERE c.id = ?`,
    [collectionId],
  );
}

/**
 * Moves a render to a final status exactly once: the row lock plus the status check make a retried activity
 * a no-op, and render_count proves in tests that no render was completed twice.
 */
export async function finishRender(
  db: Knex,
  renderId: string,
  patch: { status: 'completed' | 'failed'; error?: RenderError; fields?: Record<string, unknown> },
): Promise<{ changed: boolean; row: any }> {
  return db.transaction(async (trx) => {
    const row = await trx('renders').where({ id: renderId }).forUpdate().first();
    if (!row) return { changed: false, row: null };
    if (isFinal(row.status)) return { changed: false, row };
    const [updated] = await trx('renders')
      .where({ id: renderId })
      .update({
        ...(patch.fields ?? {}),
        status: patch.status,
        error: patch.error ? JSON.stringify(patch.error) : null,
        started_at: trx.raw("coalesce(started_at, date_trunc('milliseconds', now()))"),
        completed_at: trx.raw("date_trunc('milliseconds', now())"),
        duration_ms: trx.raw(
          "greatest(0, (extract(epoch from (date_trunc('milliseconds', now()) - coalesce(started_at, now()))) * 1000)::int)",
        ),
        render_count: trx.raw('render_count + 1'),
      })
      .returning('*');
    if (row.collection_id) await recountCollection(trx, row.collection_id);
    return { changed: true, row: updated };
  });
}
