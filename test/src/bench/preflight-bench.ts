import fs from 'node:fs';
import { createSsrfGuard } from '@rp/net-guard';
import { createNativeEngine, createRequestGuard, type NativeEngine } from '@rp/render-worker/renderer';
import { cardFixture } from '@rp/render-worker/testing';
import type { PhaseContext } from './phase-context';
import { row, type SummaryRow } from './report';
import { interleavedPairs, round } from './stats';
import type { WarningsCost } from './warnings-bench';

/** The card fixture's placeholders as the worker sorts them for the warnings read (bench-setup.ts card). */
const CARD_KINDS = { text: ['headline', 'copy', 'price'], image: ['photo'] };

export interface PreflightBenchResult {
  items: number;
  /** POST .../collections `preflight: true` from request to answer, and the worker's own duration_ms. */
  wall_ms: number;
  worker_ms: number;
  ms_per_item: number;
  items_per_s: number;
  /** Items the answer flagged (every fifth copy text is too long for its box); `expected` is the count planted. */
  flagged: number;
  expected: number;
  /** The native engine's render with and without its warnings (one extra takumi measure), interleaved. */
  native_warnings_cost: NativeWarningsCost | null;
}

/** What warnings cost a native render: wall p50s and, robust to a shared machine, CPU per render. */
export interface NativeWarningsCost extends WarningsCost {
  /** CPU ms per render of the engine process (/proc utime+stime) plus this process (the worker side's rules). */
  without_cpu_ms: number;
  with_cpu_ms: number;
  cpu_cost_pct: number;
}

/** CPU ms the process `pid` has used (utime + stime, clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

/**
 * The native engine's cost of warnings on the single-render path: `render` on one engine process, alternately with
 * and without `warnFor` (one marked `measure` after fit, then the rules; the registered faces' coverage is read once).
 */
export async function benchNativeWarningsCost(engine: NativeEngine, doc: { document: string; width: number; height: number }, n: number, timeoutMs: number): Promise<NativeWarningsCost> {
  const ssrfGuard = createSsrfGuard();
  const resolveAsset = async () => null;
  const assets = { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) };
  const cpu = { with: 0, without: 0 };
  const once = async (warn: boolean) => {
    const s = performance.now();
    const pid = engine.pids()[0];
    const [child, own] = [pid ? cpuMsOf(pid) : 0, process.cpuUsage()];
    await engine.render({ ...doc, format: 'png', timeoutMs, orgId: 'bench', assets, warnFor: warn ? CARD_KINDS : undefined });
    const ownUs = process.cpuUsage(own);
    const used = (pid ? cpuMsOf(pid) - child : 0) + (ownUs.user + ownUs.system) / 1000;
    cpu[warn ? 'with' : 'without'] += used;
    return performance.now() - s;
  };
  // the first pair warms up (the engine process starts) and reads the coverage; its CPU is not counted
  const { withoutP50: a, withP50: b } = await interleavedPairs(n, once, () => {
    [cpu.with, cpu.without] = [0, 0];
  });
  return {
    n,
    without_p50_ms: round(a, 1),
    with_p50_ms: round(b, 1),
    cost_pct: round(((b - a) / a) * 100, 1),
    without_cpu_ms: round(cpu.without / n, 1),
    with_cpu_ms: round(cpu.with / n, 1),
    cpu_cost_pct: round(((cpu.with - cpu.without) / cpu.without) * 100, 1),
  };
}

// the copy box holds two lines (100 px at 34 px x 1.35) and does not shrink: five lines overflow it
const copy = (i: number) => (i % 5 === 2 ? `Item ${i}: ${'everything you need for the season, delivered tomorrow. '.repeat(4)}` : `Item ${i}: delivered tomorrow.`);

/**
 * The preflight rate per item (the bench card, every item laid out on the bench stack's render worker,
 * nothing stored) and the native engine's warnings cost (the Chromium one is the images phase's `warnings_cost`).
 */
export async function preflightPhase({ run, args, org, cardTemplateId, settings }: PhaseContext): Promise<void> {
  const items = args.quick ? 40 : 200;
  const body = { template_id: cardTemplateId, preflight: true, items: Array.from({ length: items }, (_, i) => ({ modifications: [{ name: 'copy', text: copy(i) }] })) };
  const answer = await run.phase('preflight.collection', 300, async () => {
    const s = performance.now();
    const res = await org.api.post('/v1/collections', body);
    if (res.status !== 200) throw new Error(`preflight answered ${res.status}: ${res.text.slice(0, 200)}`);
    return { wall_ms: performance.now() - s, body: res.body };
  });
  const engine = createNativeEngine({ processes: 1 });
  const cost = await run
    .phase('preflight.native_warnings_cost', 120, () => benchNativeWarningsCost(engine, cardFixture, args.quick ? 10 : 40, settings.pageLoadTimeoutMs))
    .finally(() => engine.close());
  const flagged = answer ? (answer.body.items_with_warnings as number[]).length : 0;
  run.result.preflight = {
    items,
    wall_ms: round(answer?.wall_ms ?? 0, 0),
    worker_ms: answer?.body.duration_ms ?? 0,
    ms_per_item: answer ? round(answer.body.duration_ms / items, 1) : 0,
    items_per_s: answer ? round(items / (answer.wall_ms / 1000), 1) : 0,
    flagged,
    expected: Array.from({ length: items }, (_, i) => i).filter((i) => i % 5 === 2).length,
    native_warnings_cost: cost,
  } satisfies PreflightBenchResult;
}

export function preflightRows(p: PreflightBenchResult | undefined): SummaryRow[] {
  if (!p) return [];
  const c = p.native_warnings_cost;
  return [
    row({ figure: `preflight: ms per item (${p.items} items, worker)`, value: p.ms_per_item, unit: 'ms', note: `${p.items_per_s} items/s end to end; ${p.flagged}/${p.expected} flagged` }),
    row({ figure: 'warnings: CPU cost on the native render (interleaved)', value: c?.cpu_cost_pct ?? null, unit: '%', target: '<= 5', note: `${c?.without_cpu_ms ?? '-'} -> ${c?.with_cpu_ms ?? '-'} CPU-ms per render; wall p50 ${c?.without_p50_ms ?? '-'} -> ${c?.with_p50_ms ?? '-'} ms` }),
  ];
}
