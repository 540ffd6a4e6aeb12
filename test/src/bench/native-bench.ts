import { testDb } from '../support/orgs';
import type { ApiClient } from '../support/api-client';
import { arialCardFixture } from '../support';
import { cardRenderBody, createCardFixtureTemplate, engineDecisionOf } from './bench-setup';
import { runCollection, type CollectionResult } from './collection-bench';
import { e2eImages, rawImageBaseline, syncRender, type E2eImageResult, type RawImageResult } from './image-bench';
import { pgPerRender, readPgCounters } from './pg-counts';
import type { PhaseContext } from './phase-context';
import { row, type SummaryRow } from './report';
import { ratio, round } from './stats';

/** The engine's own processes and Chromium: what is left of a render's CPU is the platform's fixed cost. */
const isEngine = (component: string) => /:(native|chromium|begin-frame)$/.test(component);

export interface NativeResult {
  fixture: string;
  /** What `auto` decided for the card (the phase measures whatever it decided, and says so). */
  decision: { engine: string; reason: string };
  /** The Chromium floor these ratios divide by: this run's images phase, or measured here when it did not run. */
  floor: { source: 'images phase' | 'native phase'; renders_per_s: number | null; p50_ms: number | null; pool_callers: number | null };
  e2e: E2eImageResult | null;
  collection: CollectionResult | null;
  /** CPU-s per image in the 6-client run by component, and their sum without the engine (the platform's fixed cost). */
  cpu_s_per_image: { by_component: Record<string, number>; engine: number; fixed: number } | null;
  /** Postgres per sync render, counted over sequential renders (pg-counts.ts). */
  pg_per_render: { renders: number; commits: number; wal_syncs: number | null } | null;
}

/** Postgres publishes a backend's counters when it goes idle, at the latest after 10 s: wait that out on both sides. */
const PG_STATS_SETTLE_MS = 11_000;

async function pgCounts(api: ApiClient, templateId: string, renders: number, signal: AbortSignal) {
  const settle = () => new Promise((r) => setTimeout(r, PG_STATS_SETTLE_MS));
  await settle();
  const before = await readPgCounters(testDb());
  let done = 0;
  for (let i = 0; i < renders && !signal.aborted; i++) if ((await syncRender(api, cardRenderBody(templateId, 100_000 + i))).status === 'completed') done++;
  await settle();
  return { renders: done, ...pgPerRender(before, await readPgCounters(testDb()), done) };
}

/**
 * The bench card as people write it (Arial, Helvetica, sans-serif) saved with `engine: auto`, which
 * decides it native (the phase records the decision), through the API of the bench stack:
 * 6 sync clients, one sync client for latency, a 500-item collection, and the CPU each image costs outside the
 * engine. Every figure is judged against the Chromium raw floor of this same run.
 */
export async function nativePhase({ run, args, settings, org }: PhaseContext): Promise<void> {
  const fromImages: RawImageResult | undefined = run.result.images?.raw;
  const raw = fromImages ?? (await run.phase('native.floor', 150, (s) => rawImageBaseline(settings, args.quick ? 20 : 60, s)));
  const templateId = await createCardFixtureTemplate(org.api, 'png', 'auto', arialCardFixture);
  const decision = await engineDecisionOf(org.api, templateId);
  const e2e = await run.phase('native.e2e', 300, (s) =>
    e2eImages(org.api, templateId, { syncN: args.quick ? 10 : 30, n: args.quick ? 60 : 180, clients: args.clients, warmup: settings.poolSize * 2 }, s),
  );
  const pg = await run.phase('native.pg_counts', 90, (s) => pgCounts(org.api, templateId, 20, s));
  const collection = await run.phase('native.collection', 300, (s) => runCollection(org.api, testDb(), templateId, args.quick ? 100 : 500, s));
  const perImage = e2e?.throughput.cpu_s_per_render;
  const components = Object.fromEntries(Object.entries(perImage ?? {}).filter(([k]) => k !== 'stack_total'));
  const engine = Object.entries(components).reduce((a, [k, v]) => a + (isEngine(k) ? v : 0), 0);
  run.result.native = {
    fixture: 'card 1080x1080 png, font-family Arial, Helvetica, sans-serif, template engine auto',
    decision,
    floor: {
      source: fromImages ? 'images phase' : 'native phase',
      renders_per_s: raw?.parallel.renders_per_s ?? null,
      p50_ms: raw?.sequential.p50Ms ?? null,
      pool_callers: raw?.parallel.callers ?? null,
    },
    e2e,
    collection,
    cpu_s_per_image: perImage
      ? { by_component: components, engine: round(engine, 3), fixed: round((perImage.stack_total ?? 0) - engine, 3) }
      : null,
    pg_per_render: pg ?? null,
  } satisfies NativeResult;
}

export function nativeRows(n: NativeResult | undefined): SummaryRow[] {
  if (!n) return [];
  const tp = n.e2e?.throughput;
  const col = n.collection;
  const colWall = col ? (col.wall_s ?? col.projected_wall_s ?? null) : null;
  const colRate = col && colWall ? round(col.items / colWall, 2) : null;
  const floorLabel = `Chromium raw floor (${n.floor.source})`;
  const cpu = n.cpu_s_per_image;
  return [
    row({
      figure: `native e2e throughput (${tp?.clients ?? '?'} sync clients)`,
      value: tp?.renders_per_s ?? null,
      unit: '/s',
      baseline: n.floor.renders_per_s,
      baseline_label: floorLabel,
      ratio: ratio(tp?.renders_per_s, n.floor.renders_per_s),
      target: '>= 2.5',
      note: tp ? `${tp.completed}/${tp.attempted} ok; decided ${n.decision.engine} (${n.decision.reason})` : `decided ${n.decision.engine} (${n.decision.reason})`,
    }),
    row({
      figure: 'native sync latency p50 (1 client)',
      value: n.e2e?.sync.p50_ms ?? null,
      unit: 'ms',
      baseline: n.floor.p50_ms,
      baseline_label: `${floorLabel} p50`,
      ratio: ratio(n.e2e?.sync.p50_ms, n.floor.p50_ms),
      target: '<= 0.6',
      note: n.e2e ? `p95 ${n.e2e.sync.p95_ms} ms; PNG ${n.e2e.sync.png_bytes_p50 != null ? Math.round(n.e2e.sync.png_bytes_p50 / 1024) : '-'} KB` : undefined,
    }),
    row({
      figure: `native collection, ${col?.items ?? '?'} items`,
      value: colRate,
      unit: 'items/s',
      baseline: n.floor.renders_per_s,
      baseline_label: floorLabel,
      ratio: ratio(colRate, n.floor.renders_per_s),
      target: '>= 1.5',
      note: col ? `${col.completed} ok, ${col.failed} failed${col.wall_s == null ? ', projected' : ''}` : undefined,
    }),
    row({
      figure: 'native platform fixed cost per image (CPU-s, all but the engine)',
      value: cpu?.fixed ?? null,
      unit: 'CPU-s',
      target: '<= 0.04',
      note: cpu
        ? `engine ${cpu.engine}; ${Object.entries(cpu.by_component).filter(([k]) => !isEngine(k)).map(([k, v]) => `${k} ${v}`).join(', ')}`
        : undefined,
    }),
    row({
      figure: 'native Postgres commits per sync render (WAL flushes)',
      value: n.pg_per_render?.commits ?? null,
      unit: 'commits',
      note: n.pg_per_render ? `${n.pg_per_render.wal_syncs ?? '-'} WAL flushes; ${n.pg_per_render.renders} sequential renders; reads count as commits` : undefined,
    }),
  ];
}
