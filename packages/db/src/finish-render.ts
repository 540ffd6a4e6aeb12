import { NOW_MS_SQL, nowMs } from './sql-helpers';
import type { Knex } from 'knex';
import type { RenderError } from '@rp/workflow-safe';
import { RENDER_FINAL_CHANNEL } from './final-render-listener';
import { webhookSubscribedSql } from './webhooks';
import type { RenderRow } from './rows';

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

type FinishPatch = {
  status: 'completed' | 'failed';
  error?: RenderError;
  fields?: Record<string, unknown>;
  /**
   * The caller knows the render is no collection item (a single image): it is finished by one statement instead of
   * a transaction of four (finishSingle). Without it, or when that statement changes nothing, the transaction runs.
   */
  single?: boolean;
};

function finalValues(db: Knex, patch: FinishPatch): Record<string, unknown> {
  return {
    ...(patch.fields ?? {}),
    status: patch.status,
    error: patch.error ? JSON.stringify(patch.error) : null,
    started_at: db.raw(`coalesce(started_at, ${NOW_MS_SQL})`),
    completed_at: nowMs(db),
    duration_ms: db.raw(`greatest(0, (extract(epoch from (${NOW_MS_SQL} - coalesce(started_at, now()))) * 1000)::int)`),
    render_count: db.raw('render_count + 1'),
  };
}

/**
 * A single render's final status in one autocommit statement: the update (the status condition re-checked on the
 * locked row, so a render still reaches a final status once) and its `NOTIFY` commit together, as in the
 * transaction, with one round trip and one commit instead of BEGIN, SELECT FOR UPDATE, UPDATE, NOTIFY, COMMIT on the
 * sync path. Null when it changed nothing (already final, a collection item, no such row).
 */
async function finishSingle(db: Knex, renderId: string, patch: FinishPatch): Promise<{ row: RenderRow; subscribed: boolean } | null> {
  const update = db('renders')
    .where({ id: renderId })
    .whereNull('collection_id')
    .whereNotIn('status', ['completed', 'failed'])
    .update(finalValues(db, patch))
    .returning('*')
    .toSQL();
  const res = await db.raw(
    `with done as (${update.sql}) select done.*, pg_notify(?, ?) as rp_notified, ${SUBSCRIBED_SQL} as rp_subscribed from done`,
    [...update.bindings, RENDER_FINAL_CHANNEL, renderId, patch.status],
  );
  const done: (RenderRow & { rp_notified?: unknown; rp_subscribed?: boolean }) | undefined = res.rows[0];
  if (!done) return null;
  const { rp_notified: _notified, rp_subscribed: subscribed, ...row } = done;
  return { row, subscribed: subscribed === true };
}

/**
 * Whether anyone hears of the finished render (`done`): its own webhook, or the webhooks rule of hasSubscribers for
 * `<kind>.<status>` (status bound), read in the statement that finishes the render instead of a round trip after it.
 */
const SUBSCRIBED_SQL = `(done.webhook_id is not null or ${webhookSubscribedSql('done.org_id', "done.kind || '.' || ?::text")})`;

/**
 * Moves a render to a final status exactly once: the row lock plus the status check make a retried activity
 * a no-op, and render_count proves in tests that no render was completed twice. A single render finished by one
 * statement also answers `subscribed` (whether its outcome goes to a webhook); otherwise the caller asks.
 */
export async function finishRender(db: Knex, renderId: string, patch: FinishPatch): Promise<{ changed: boolean; row: RenderRow | null; subscribed?: boolean }> {
  if (patch.single) {
    const done = await finishSingle(db, renderId, patch);
    if (done) return { changed: true, ...done };
  }
  return db.transaction(async (trx) => {
    const row: RenderRow | undefined = await trx('renders').where({ id: renderId }).forUpdate().first();
    if (!row) return { changed: false, row: null };
    if (isFinal(row.status)) return { changed: false, row };
    const [updated]: RenderRow[] = await trx('renders').where({ id: renderId }).update(finalValues(trx, patch)).returning('*');
    if (row.collection_id) await countIntoCollection(trx, row.collection_id, patch.status);
    // delivered at commit: a sync client waiting in the API answers as soon as the row is final
    else await trx.raw('select pg_notify(?, ?)', [RENDER_FINAL_CHANNEL, renderId]);
    return { changed: true, row: updated };
  });
}
