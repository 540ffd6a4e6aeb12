import type { Knex } from '@rp/db';
import type { ApiClient } from '../support/api-client';
import { cardRenderBody } from './bench-setup';
import { isCollectionFinal } from './collection-bench';
import { imageBreakdown, syncRender, type ImageBreakdown } from './image-bench';
import { ratio, sleep, summarize, type LatencySummary } from './stats';

export interface FairnessResult {
  collection_items: number;
  /** Org B's sync renders with the stack otherwise idle. */
  idle: LatencySummary & { failed: number };
  /** The same renders while org A's collection runs, with where their time went. */
  contended: LatencySummary & { failed: number; breakdown: ImageBreakdown };
  /** Items of A's collection still unfinished when B's last render returned: > 0 means B really was contended. */
  a_items_left_when_b_done: number;
  ratio_p50: number | null;
}

/**
 * Fair share between orgs: org B's sync p50 while org A's collection runs, against B's p50 on an idle stack.
 * Each org has its own card template, so neither can be served from the other's render cache.
 */
export async function fairness(
  a: { api: ApiClient; templateId: string },
  b: { api: ApiClient; templateId: string },
  db: Knex,
  opts: { items: number; n: number },
  signal: AbortSignal,
): Promise<FairnessResult> {
  const bRenders = async (offset: number, n = opts.n) => {
    const done = [];
    for (let i = 0; i < n && !signal.aborted; i++) done.push(await syncRender(b.api, cardRenderBody(b.templateId, offset + i)));
    const ok = done.filter((r) => r.status === 'completed');
    return { summary: { ...summarize(ok.map((r) => r.ms)), failed: done.length - ok.length }, done };
  };
  await bRenders(1000, 3); // warm B's template and connections
  const idle = (await bRenders(0)).summary;

  const items = Array.from({ length: opts.items }, (_, i) => ({ modifications: cardRenderBody(a.templateId, i).modifications }));
  const res = await a.api.post('/v1/collections', { template_id: a.templateId, name: 'bench-fairness', items });
  if (res.status !== 202) throw new Error(`POST /v1/collections answered ${res.status}: ${res.text.slice(0, 300)}`);
  const id = res.body.id as string;
  // B starts once A's items hold the render slots
  while (!signal.aborted && Number((await db('renders').where({ collection_id: id, status: 'rendering' }).count('* as n').first())?.n ?? 0) === 0) {
    await sleep(50);
  }
  const b2 = await bRenders(opts.n);
  const contended = { ...b2.summary, breakdown: await imageBreakdown(b2.done) };
  const left = await db('renders').where({ collection_id: id }).whereIn('status', ['pending', 'rendering']).count('* as n').first();
  // leave the slots free for the next phase
  while (!signal.aborted && !isCollectionFinal((await db('collections').where({ id }).first('status'))?.status)) await sleep(500);
  return {
    collection_items: opts.items,
    idle,
    contended,
    a_items_left_when_b_done: Number(left?.n ?? 0),
    ratio_p50: ratio(contended.p50_ms, idle.p50_ms),
  };
}
