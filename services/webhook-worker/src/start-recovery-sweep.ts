import type { Knex } from '@rp/db';
import type { Logger } from 'pino';
import { runEvery } from '@rp/worker-runtime';
import type { StartDelivery } from './start-delivery';

const BATCH = 500;

/**
 * The one recovery path for delivery workflow starts. Every delivery row is committed before its workflow is
 * started, so the rows are the record; a row can be left without a workflow when a start was never made or was
 * lost: emitEvent's start failed, the API died between committing a redelivery and starting it, or a Temporal store
 * lost its newest events in an OS crash. A running workflow keeps its row moving (an attempt, or `next_retry_at`
 * ahead), so a row that is not final and has not moved for `staleMs` is suspect, and its start is issued again:
 * a no-op while the workflow runs (or after it completed), a new workflow after the attempts the row records when
 * it was lost. It never sends anything itself. One sweep instead of a retry in every starter, because the API's
 * redeliver and a lost Temporal store are outside any Temporal retry.
 */
export function startRecoverySweep(opts: { db: Knex; startDelivery: StartDelivery; logger: Logger; everyMs?: number; staleMs?: number }) {
  const { db, startDelivery, logger } = opts;
  const staleSeconds = Math.round((opts.staleMs ?? 60_000) / 1000);

  const sweep = async () => {
    // the expression of webhook_deliveries_unfinished_idx (migration 20261126010000_delivery_workflows)
    const rows: { id: string; org_id: string; webhook_id: string; series: number; attempts: number }[] = await db('webhook_deliveries')
      .whereIn('status', ['pending', 'retrying'])
      .whereRaw('coalesce(next_retry_at, updated_at) < now() - make_interval(secs => ?)', [staleSeconds])
      .orderByRaw('coalesce(next_retry_at, updated_at)')
      .limit(BATCH)
      .select('id', 'org_id', 'webhook_id', 'series', 'attempts');
    let restarted = 0;
    for (const r of rows) {
      const started = await startDelivery({ id: r.id, orgId: r.org_id, webhookId: r.webhook_id, series: r.series, attempts: r.attempts }).catch(
        (err: unknown) => (logger.warn({ err, delivery_id: r.id }, 'delivery start not made; the next sweep issues it again'), false),
      );
      if (started) restarted++;
    }
    if (restarted > 0) logger.warn({ restarted, stale: rows.length }, 'start-recovery sweep started delivery workflows that did not exist');
  };

  const loop = runEvery(sweep, { everyMs: opts.everyMs ?? 15_000, logger, what: 'start-recovery sweep' });
  return { stop: loop.stop, sweepOnce: sweep };
}
