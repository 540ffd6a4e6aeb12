import type { Knex } from '@rp/db';
import type { ApiClient } from '../support/api-client';
import { cardRenderBody } from './bench-setup';
import { startCpuMeter, type CpuReport } from './cpu-accounting';
import { processRoots } from './stack-probe';
import { round, sleep } from './stats';
import type { TemporalCost } from './temporal-actions';
import { workflowTreeCost } from './temporal-timeline';

export interface CollectionResult {
  id: string;
  items: number;
  status: string;
  completed: number;
  failed: number;
  /** POST sent -> collection row completed (observed by polling the DB every 500 ms); null if cut by the budget. */
  wall_s: number | null;
  /** When cut by the budget: time spent and the wall time the rate so far projects for all items. */
  elapsed_s?: number;
  projected_wall_s?: number | null;
  /** Server-side split: first item started, last item completed, zip finished (row timestamps). */
  server_ms: { post_until_first_item_started: number; items_first_start_to_last_end: number; last_item_until_zip_done: number } | null;
  /**
   * Items rendering at once on average between the first start and the last end (sum of each row's started ->
   * completed over that span): below the batch slots, the slots idle between items (a count, robust to sharing).
   */
  items_in_flight_mean?: number | null;
  cpu: CpuReport;
  /** Per item: Temporal's work (the collection workflow and its item workflows) and CPU; null when cut or unreadable. */
  per_item: PerItemCost | null;
}

export interface PerItemCost {
  /** Actions, workflow tasks, activity tasks, local activities, history events: the whole tree divided by the items. */
  temporal: TemporalCost;
  /** CPU seconds of the Temporal server, and of every stack process, per item. */
  temporal_cpu_s: number;
  stack_cpu_s: number;
}

const perItem = (cost: TemporalCost, items: number): TemporalCost =>
  Object.fromEntries(Object.entries(cost).map(([k, v]) => [k, round(v / items, 2)])) as unknown as TemporalCost;

/** What the collection cost per item; the histories are read after the timed part, so reading them costs nothing here. */
async function perItemCost(id: string, items: number, cpu: CpuReport): Promise<PerItemCost | null> {
  const cost = await workflowTreeCost(`collection-${id}`).catch(() => null);
  if (!cost) return null;
  const stack = Object.entries(cpu.cpu_s).reduce((a, [k, v]) => (k === 'foreign' || k.startsWith('bench') ? a : a + v), 0);
  return { temporal: perItem(cost, items), temporal_cpu_s: round((cpu.cpu_s.temporal ?? 0) / items, 4), stack_cpu_s: round(stack / items, 3) };
}

const FINAL = new Set(['completed', 'completed_with_errors', 'failed']);

/** Whether a collection row's status is final (its zip is done or it failed). */
export const isCollectionFinal = (status: string | undefined): boolean => status !== undefined && FINAL.has(status);

/**
 * A collection of `items` card renders. Progress is read from Postgres rather than GET /v1/collections/:id:
 * the GET returns every item with signed URLs, and polling it would add API work to what we are timing.
 */
export async function runCollection(api: ApiClient, db: Knex, templateId: string, items: number, signal: AbortSignal): Promise<CollectionResult> {
  const body = {
    template_id: templateId,
    name: 'bench',
    items: Array.from({ length: items }, (_, i) => ({ modifications: cardRenderBody(templateId, i).modifications, metadata: { filename: `card-${i}.png` } })),
  };
  const meter = startCpuMeter(await processRoots());
  const sentAt = Date.now();
  const res = await api.post('/v1/collections', body);
  if (res.status !== 202) throw new Error(`POST /v1/collections answered ${res.status}: ${res.text.slice(0, 300)}`);
  const id = res.body.id as string;
  let row: any = null;
  while (!isCollectionFinal(row?.status)) {
    if (signal.aborted) {
      // cut by the time budget: report how far it got, so the run still says something about the rate
      const partial = await db('collections').where({ id }).first('status', 'completed', 'failed');
      const elapsed = (Date.now() - sentAt) / 1000;
      const done = Number(partial?.completed ?? 0) + Number(partial?.failed ?? 0);
      return {
        id,
        items,
        status: `unfinished (${String(partial?.status)})`,
        completed: Number(partial?.completed ?? 0),
        failed: Number(partial?.failed ?? 0),
        wall_s: null,
        elapsed_s: round(elapsed, 1),
        projected_wall_s: done > 0 ? round((elapsed * items) / done, 1) : null,
        server_ms: null,
        cpu: meter.stop(),
        per_item: null,
      };
    }
    await sleep(500);
    row = await db('collections').where({ id }).first('status', 'completed', 'failed', 'created_at', 'completed_at');
  }
  const doneAt = Date.now();
  const cpu = meter.stop();
  const span = await db('renders')
    .where({ collection_id: id })
    .first(
      db.raw('min(started_at) as first_start'),
      db.raw('max(completed_at) as last_end'),
      db.raw('sum(extract(epoch from (completed_at - started_at))) as busy_s'),
    );
  const t = (d: unknown) => (d ? new Date(d as string).getTime() : NaN);
  const firstStart = t(span?.first_start);
  const lastEnd = t(span?.last_end);
  return {
    id,
    items,
    status: row.status,
    completed: Number(row.completed),
    failed: Number(row.failed),
    wall_s: round((doneAt - sentAt) / 1000, 2),
    server_ms: {
      post_until_first_item_started: Math.round(firstStart - sentAt),
      items_first_start_to_last_end: Math.round(lastEnd - firstStart),
      last_item_until_zip_done: Math.round(t(row.completed_at) - lastEnd),
    },
    items_in_flight_mean: lastEnd > firstStart ? round((Number(span?.busy_s) * 1000) / (lastEnd - firstStart), 2) : null,
    cpu,
    per_item: await perItemCost(id, items, cpu),
  };
}
