import { createSsrfGuard } from '@rp/net-guard';
import { createBrowserPool, resolveChromiumSandbox, type BrowserIsolation, type ChromiumSandbox } from '@rp/render-worker/renderer';
import { benchRawRender } from './bench-raw-render';
import { cardFixture } from './bench-setup';
import type { PhaseContext } from './phase-context';
import { row, type SummaryRow } from './report';
import type { WorkerSettings } from './stack-probe';
import { mean, ratio, round } from './stats';

/** One pool configuration's raw card renders: pool-size callers at once, so the pool is saturated. */
export interface IsolationRun {
  renders: number;
  renders_per_s: number;
  /** Mean of the callers' p50 ms per render. */
  p50_ms: number;
}

export interface IsolationResult {
  pool_size: number;
  /** Chromium's default context, --no-sandbox: the run every ratio divides by. */
  baseline: IsolationRun;
  org_one: IsolationRun;
  org_two_alternating: IsolationRun;
  /** pool_size + 1 orgs round robin: the wanted org's page is never warm, every render switches a page. */
  org_switch_every_render: IsolationRun;
  per_render: IsolationRun;
  /** The baseline with Chromium's sandbox on, as the worker runs it (null: this host cannot; see sandbox_error). */
  sandboxed: IsolationRun | null;
  sandbox_error: string | null;
  ratios: Record<'org_one' | 'org_two_alternating' | 'org_switch_every_render' | 'per_render' | 'sandboxed', number | null>;
}

interface Variant {
  isolation: BrowserIsolation;
  /** The org of the i-th render, counted over all callers. */
  orgOf: (i: number) => string;
  sandbox?: ChromiumSandbox;
}

/** The bench card through a pool launched like the worker's (same browser, size, recycling, egress proxy), varied only in isolation and sandbox. */
async function measure(settings: WorkerSettings, v: Variant, n: number): Promise<IsolationRun> {
  const ssrfGuard = createSsrfGuard({ allowCidrs: '127.0.0.2/32' });
  const pool = await createBrowserPool({
    executablePath: settings.poolExecutable,
    size: settings.poolSize,
    recycleAfter: settings.recycleAfter,
    ssrfGuard,
    isolation: v.isolation,
    sandbox: v.sandbox,
  });
  try {
    const { document, width, height } = cardFixture;
    let k = 0;
    const orgOf = () => v.orgOf(k++);
    const callers = pool.size;
    const each = Math.max(1, Math.round(n / callers));
    await Promise.all(Array.from({ length: callers }, () => benchRawRender(pool, document, 0, { width, height, warmup: 2, orgOf })));
    const t0 = performance.now();
    const stats = await Promise.all(Array.from({ length: callers }, () => benchRawRender(pool, document, each, { width, height, warmup: 0, orgOf })));
    const wallS = (performance.now() - t0) / 1000;
    return { renders: callers * each, renders_per_s: round((callers * each) / wallS, 2), p50_ms: round(mean(stats.map((s) => s.p50Ms)), 1) };
  } finally {
    await pool.close();
  }
}

/** The sandbox the worker would use on this host with RENDER_SANDBOX_USER's default, or why there is none. */
async function workerSandbox(): Promise<{ sandbox: ChromiumSandbox | null; error: string | null }> {
  const decision = await resolveChromiumSandbox({ userName: 'rp-chromium', allowNoSandbox: false });
  return decision.ok ? { sandbox: decision.sandbox, error: null } : { sandbox: null, error: decision.error };
}

/** What browser-context isolation (#15 item 4) and Chromium's sandbox cost in raw renders/s, each against the same run without it. */
export async function isolationCost(settings: WorkerSettings, n: number, signal: AbortSignal): Promise<IsolationResult> {
  const one = () => 'org-a';
  const two = (i: number) => (i % 2 ? 'org-b' : 'org-a');
  const many = (i: number) => `org-${i % (settings.poolSize + 1)}`;
  const step = async (v: Variant) => {
    if (signal.aborted) throw new Error('aborted');
    return measure(settings, v, n);
  };
  const baseline = await step({ isolation: 'shared', orgOf: one });
  const orgOne = await step({ isolation: 'org', orgOf: one });
  const orgTwo = await step({ isolation: 'org', orgOf: two });
  const orgSwitch = await step({ isolation: 'org', orgOf: many });
  const perRender = await step({ isolation: 'render', orgOf: two });
  const { sandbox, error } = await workerSandbox();
  const sandboxed = sandbox ? await step({ isolation: 'shared', orgOf: one, sandbox }) : null;
  const r = (x: IsolationRun | null) => ratio(x?.renders_per_s, baseline.renders_per_s);
  return {
    pool_size: settings.poolSize,
    baseline,
    org_one: orgOne,
    org_two_alternating: orgTwo,
    org_switch_every_render: orgSwitch,
    per_render: perRender,
    sandboxed,
    sandbox_error: error,
    ratios: { org_one: r(orgOne), org_two_alternating: r(orgTwo), org_switch_every_render: r(orgSwitch), per_render: r(perRender), sandboxed: r(sandboxed) },
  };
}

/** `--only=isolation`: pools in this process, like image-bench's raw floor; nothing goes through the stack. */
export async function isolationPhase({ run, args, settings }: PhaseContext): Promise<void> {
  const n = args.quick ? 24 : 90;
  run.result.isolation = await run.phase('isolation', args.quick ? 150 : 360, (s) => isolationCost(settings, n, s));
}

/** Summary rows: each isolation mode and the sandbox as renders/s against the shared, unsandboxed pool of the same run. */
export function isolationRows(iso: IsolationResult | undefined): SummaryRow[] {
  if (!iso) return [];
  const label = 'shared context, no sandbox';
  const mode = (figure: string, key: keyof IsolationResult['ratios'], x: IsolationRun | null, note?: string) =>
    row({ figure, value: x?.renders_per_s ?? null, unit: '/s', baseline: iso.baseline.renders_per_s, baseline_label: label, ratio: iso.ratios[key], note });
  return [
    mode('raw card, context per org (1 org)', 'org_one', iso.org_one),
    mode('raw card, context per org (2 orgs alternating)', 'org_two_alternating', iso.org_two_alternating),
    mode(`raw card, context per org (${iso.pool_size + 1} orgs, page switch every render)`, 'org_switch_every_render', iso.org_switch_every_render),
    mode('raw card, context per render', 'per_render', iso.per_render),
    mode('raw card, Chromium sandbox on', 'sandboxed', iso.sandboxed, iso.sandbox_error ?? undefined),
  ];
}
