import type { Knex } from '@rp/db';
import type { Logger } from 'pino';
import { runEvery } from '@rp/worker-runtime';
import { CLAIM_FREE, type DeliveryDispatcher } from './create-delivery-dispatcher';

const BATCH = 500;

/**
 * "No delivery lost": every delivery row is committed before anything is sent, so the rows are the record. Two
 * kinds can be left without anyone working on them: a first attempt queued in a webhook worker that died (its
 * claim expires), and a retry whose workflow was lost (a Temporal store that lost its newest events in an OS
 * crash). Starting a delivery's workflow again is a no-op while it exists, and a first attempt is claimed, so
 * the sweep never sends twice what was recorded.
 */
export function startDeliverySweeper(opts: {
  db: Knex;
  dispatcher: DeliveryDispatcher;
  logger: Logger;
  everyMs?: number;
  minAgeMs?: number;
}) {
  const { db, dispatcher, logger } = opts;
  const age = db.raw("now() - make_interval(secs => ?)", [Math.round((opts.minAgeMs ?? 30_000) / 1000)]);

  const sweep = async () => {
    const waiting = await db('webhook_deliveries')
      .where({ status: 'pending', attempts: 0 })
      .andWhere('updated_at', '<', age)
      .whereRaw(CLAIM_FREE)
      .limit(BATCH)
      .select('id', 'org_id', 'series');
    // a live workflow would have made an attempt (and moved next_retry_at) by now
    const overdue = await db('webhook_deliveries')
      .where({ status: 'retrying' })
      .andWhere('next_retry_at', '<', db.raw("now() - interval '60 seconds'"))
      .limit(BATCH)
      .select('id', 'org_id', 'series', 'attempts');
    dispatcher.dispatch(waiting.map((r: any) => ({ id: r.id, orgId: r.org_id, series: r.series })));
    for (const r of overdue) await dispatcher.startRetries({ id: r.id, orgId: r.org_id, series: r.series }, r.attempts, 0);
    if (waiting.length + overdue.length > 0) logger.warn({ waiting: waiting.length, overdue: overdue.length }, 'delivery sweep re-drove deliveries');
  };

  const loop = runEvery(sweep, { everyMs: opts.everyMs ?? 15_000, logger, what: 'delivery sweep' });
  return { stop: loop.stop, sweepOnce: sweep };
}
