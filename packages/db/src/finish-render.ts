import { NOW_MS_SQL, nowMs } from './sql-helpers';
import type { Knex } from 'knex';
import type { RenderError } from '@rp/common';

export const isFinal = (status: string) => status === 'completed' || status === 'failed';

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
        started_at: trx.raw(`coalesce(started_at, ${NOW_MS_SQL})`),
        completed_at: nowMs(trx),
        duration_ms: trx.raw(
          `greatest(0, (extract(epoch from (${NOW_MS_SQL} - coalesce(started_at, now()))) * 1000)::int)`,
        ),
        render_count: trx.raw('render_count + 1'),
      })
      .returning('*');
    if (row.collection_id) await recountCollection(trx, row.collection_id);
    return { changed: true, row: updated };
  });
}
