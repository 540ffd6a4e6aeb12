import type { Knex } from '@rp/db';
import type { Logger } from 'pino';
import { runEvery } from '@rp/worker-runtime';
import type { StartBudget, StartOutcome } from './start-budget';
import type { StartDelivery } from './start-delivery';

const BATCH = 500;
/** How often a sweep that waits for room in the task queue looks again. */
const QUEUE_POLL_MS = 250;

interface StaleRow {
  id: string;
  org_id: string;
  webhook_id: string;
  series: number;
  attempts: number;
  /**
   * coalesce(next_retry_at, updated_at), what the scan orders by, as Postgres prints it: a Date would lose its
   * microseconds, and the next page would start before this row.
   */
  due: string;
}

/**
 * The suspects after `after`, oldest first: unfinished rows that have not moved for `staleSeconds`, and pending rows
 * emitEvent deferred (next_retry_at set), due at once. Ordered by the expression of webhook_deliveries_unfinished_idx
 * (migration 20261126010000_delivery_workflows).
 */
function stalePage(db: Knex, staleSeconds: number, after: StaleRow | null): Promise<StaleRow[]> {
  const q = db('webhook_deliveries')
    .whereIn('status', ['pending', 'retrying'])
    .whereRaw('coalesce(next_retry_at, updated_at) <= now()')
    .where((w) => {
      w.whereRaw('coalesce(next_retry_at, updated_at) < now() - make_interval(secs => ?)', [staleSeconds]).orWhere((deferred) => {
        deferred.where('status', 'pending').whereNotNull('next_retry_at');
      });
    });
  if (after) q.whereRaw('(coalesce(next_retry_at, updated_at), id) > (?::timestamptz, ?)', [after.due, after.id]);
  return q
    .orderByRaw('coalesce(next_retry_at, updated_at), id')
    .limit(BATCH)
    .select('id', 'org_id', 'webhook_id', 'series', 'attempts', db.raw('coalesce(next_retry_at, updated_at)::text as due'));
}

/** Deferred rows whose workflow now exists are due no more: pending rows like any other, stale a while from now. */
const undefer = (db: Knex, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve(0)
    : db('webhook_deliveries').whereIn('id', ids).where({ status: 'pending', attempts: 0 }).whereNotNull('next_retry_at').update({ next_retry_at: null, updated_at: db.fn.now() });

/**
 * How many deliveries were started lately and wait for their first attempt (pending, not deferred, nothing recorded),
 * counted up to `cap`: the deliveries in the task queue, or in flight, on every worker.
 */
async function waitingForFirstTask(db: Knex, staleSeconds: number, cap: number): Promise<number> {
  const rows = await db('webhook_deliveries')
    .whereIn('status', ['pending', 'retrying'])
    .whereRaw('coalesce(next_retry_at, updated_at) >= now() - make_interval(secs => ?)', [staleSeconds])
    .where({ status: 'pending', attempts: 0 })
    .whereNull('next_retry_at')
    .limit(cap)
    .select('id');
  return rows.length;
}

/**
 * The one recovery path for delivery workflow starts. Every delivery row is committed before its workflow is
 * started, so the rows are the record; a row can be left without a workflow when a start was never made or was
 * lost: emitEvent's start failed or was deferred (a burst, start-budget.ts), the API died between committing a
 * redelivery and starting it, or a Temporal store lost its newest events in an OS crash. A running workflow keeps its
 * row moving (an attempt, or `next_retry_at` ahead), so a row that is not final and has not moved for `staleMs` is
 * suspect, and its start is issued again: a no-op while the workflow runs (or after it completed), a new workflow after
 * the attempts the row records when it was lost. It never sends anything itself. One sweep instead of a retry in every
 * starter, because the API's redeliver and a lost Temporal store are outside any Temporal retry.
 *
 * Rows emitEvent deferred (pending, with `next_retry_at` set when it deferred them) are due at once, not after
 * `staleMs`. A sweep pages through the suspects, BATCH at a time, and goes on while a page started something. It starts
 * them through the task queue (no eager start: there the deliveries' priority puts them behind the event workflows),
 * a few at a time, each few once fewer deliveries than the start budget's size wait for their first task: a burst's
 * deferred rows are started at the pace the workers take them, and wait in Postgres until then. A page of rows whose
 * workflows run (a worker behind on its timers) ends the sweep; one that has seen every suspect tells the budget the
 * worker has caught up (start-budget.ts).
 */
export function startRecoverySweep(opts: { db: Knex; startDelivery: StartDelivery; budget: StartBudget; logger: Logger; everyMs?: number; staleMs?: number }) {
  const { db, startDelivery, budget, logger } = opts;
  const staleSeconds = Math.round((opts.staleMs ?? 60_000) / 1000);
  // starts issued at once: a tenth of the budget, a few tasks' worth of work for the queue each time there is room
  const width = Math.max(1, Math.ceil(budget.size / 10));
  let running = true;

  const start = (r: StaleRow): Promise<StartOutcome | null> =>
    budget
      .runWhenFree(() => startDelivery({ id: r.id, orgId: r.org_id, webhookId: r.webhook_id, series: r.series, attempts: r.attempts }, { eager: false }))
      .catch((err: unknown) => (logger.warn({ err, delivery_id: r.id }, 'delivery start not made; the next sweep issues it again'), null));

  /** Resolves once fewer deliveries than the budget's size wait for their first task (or the sweep is stopped). */
  const roomInQueue = async () => {
    while (running && (await waitingForFirstTask(db, staleSeconds, budget.size)) >= budget.size) {
      await new Promise((resolve) => setTimeout(resolve, QUEUE_POLL_MS));
    }
  };

  /** Issues the starts of a page, a few at a time, each few once there is room in the queue; how many it started. */
  const startPage = async (rows: StaleRow[]): Promise<number> => {
    let started = 0;
    for (let i = 0; i < rows.length && running; i += width) {
      await roomInQueue();
      const chunk = rows.slice(i, i + width);
      const outcomes = await Promise.all(chunk.map(start));
      started += outcomes.filter((o) => o === 'eager' || o === 'queued').length;
      await undefer(db, chunk.filter((_, j) => outcomes[j] !== null).map((r) => r.id));
    }
    return started;
  };

  const sweep = async () => {
    let restarted = 0;
    let stale = 0;
    for (let after: StaleRow | null = null; running; ) {
      const rows = await stalePage(db, staleSeconds, after);
      stale += rows.length;
      const started = await startPage(rows);
      restarted += started;
      if (rows.length < BATCH && running) budget.noteCaughtUp();
      if (rows.length < BATCH || started === 0) break;
      after = rows[rows.length - 1]!;
    }
    if (restarted > 0) logger.warn({ restarted, stale }, 'start-recovery sweep started delivery workflows that did not exist (deferred by a burst, or lost)');
  };

  const loop = runEvery(sweep, { everyMs: opts.everyMs ?? 15_000, logger, what: 'start-recovery sweep' });
  return {
    stop: () => {
      running = false;
      loop.stop();
    },
    sweepOnce: sweep,
  };
}
