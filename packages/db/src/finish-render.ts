import { NOW_MS_SQL, nowMs } from './sql-helpers';
import type { Knex } from 'knex';
import type { RenderError } from '@rp/common';
import { RENDER_FINAL_CHANNEL } from './final-render-listener';

export const isFinal = (status: string) => status === 'completed' || status === 'failed';

/**
 * Counts the item into its collection, inside the transaction that finished it: GET shows live counts. An
 * increment, not a recount: a recount reads the whole collection at every item (quadratic in its size). Exact,
 * because the row lock and the final-status check let each render reach a final status once;
 * finalizeCollection still recounts once at the end.
 */
async function countIntoCollection(trx: Knex.Transaction, collectionId: string, status: 'completed' | 'failed'): Promise<void> {
  await trx('collections')
    .where({ id: collectionId })
    .increment(status, 1);
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
    if (row.collection_id) await countIntoCollection(trx, row.collection_id, patch.status);
    // delivered at commit: a sync client waiting in the API answers as soon as the row is final
    else await trx.raw('select pg_notify(?, ?)', [RENDER_FINAL_CHANNEL, renderId]);
    return { changed: true, row: updated };
  });
}
