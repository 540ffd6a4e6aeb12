import { createSsrfGuard } from '@rp/net-guard';
import { createBrowserPool, createRequestGuard, captureImage } from '@rp/render-worker/renderer';
import { benchRawRender, chromiumDefaultPngBytes, type RawRenderStats } from './bench-raw-render';
import { benchWarningsCost, type WarningsCost } from './warnings-bench';
import type { ApiClient } from '../support/api-client';
import { cardFixture, cardRenderBody } from './bench-setup';
import { startCpuMeter, type CpuReport } from './cpu-accounting';
import { histogramTotals, processRoots, stack, type WorkerSettings } from './stack-probe';
import { mean, percentile, round, sleep, summarize, type LatencySummary } from './stats';
import { imageBreakdown, type ImageBreakdown, type SyncRender } from './image-breakdown';
import { adjacentFloor, measureFloor, type AdjacentFloor } from './adjacent-floor';

export { imageBreakdown, type ImageBreakdown, type SyncRender };

export interface RawImageResult {
  pool_size: number;
  /** benchRawRender, one caller: the per-render cost with nothing else going on (the floor: PNG + thumbnail). */
  sequential: RawRenderStats;
  /** The same without the thumbnail capture: Chromium's part of one image alone. */
  capture_only: RawRenderStats;
  /** Chromium's default PNG of the card, the yardstick of the stored PNG's size. */
  chromium_default_png_bytes: number;
  /** pool_size callers of benchRawRender on the same pool: the throughput ceiling the e2e run is compared against. */
  parallel: { callers: number; renders: number; renders_per_s: number; cpu_s_per_render: number };
  /** The worker's real captureImage (request guard, readiness checks, thumbnail) on the same pool, one caller. */
  render_image_fn: LatencySummary & { renders_per_s: number; errors: Record<string, number>; cpu_s_per_render: number };
  /** captureImage with and without the preflight warnings read (target: under 5 %). */
  warnings_cost: WarningsCost | null;
  cpu: CpuReport;
}

/** Raw baselines in this process, on a pool configured like the worker's; the pool is closed before e2e runs. */
export async function rawImageBaseline(settings: WorkerSettings, n: number, signal: AbortSignal): Promise<RawImageResult> {
  // launched like the worker's pool (same browser, size, recycling, egress proxy), so the two differ only in what
  // runs around the render
  const ssrfGuard = createSsrfGuard({ allowCidrs: '127.0.0.2/32' });
  const pool = await createBrowserPool({ executablePath: settings.poolExecutable, size: settings.poolSize, recycleAfter: settings.recycleAfter, ssrfGuard });
  const guard = createRequestGuard({ ssrfGuard, resolveAsset: async () => null });
  const meter = startCpuMeter(await processRoots());
  try {
    const { document, width, height } = cardFixture;
    const sequential = await benchRawRender(pool, document, n, { width, height, warmup: 3 });
    const captureOnly = await benchRawRender(pool, document, n, { width, height, warmup: 1, thumbnailWidth: 0 });
    const defaultPngBytes = await chromiumDefaultPngBytes(pool, document, width, height);
    if (signal.aborted) throw new Error('aborted');

    const callers = pool.size;
    const each = Math.max(1, Math.round(n / callers));
    await Promise.all(Array.from({ length: callers }, () => benchRawRender(pool, document, 0, { width, height, warmup: 2 })));
    const parMeter = startCpuMeter(new Map([[process.pid, 'bench']]));
    const t0 = performance.now();
    await Promise.all(Array.from({ length: callers }, () => benchRawRender(pool, document, each, { width, height, warmup: 0 })));
    const parWall = (performance.now() - t0) / 1000;
    const parCpu = parMeter.stop();
    if (signal.aborted) throw new Error('aborted');

    const fnTimes: number[] = [];
    const fnN = Math.max(5, Math.round(n / 2));
    const fnStart = performance.now();
    const fnErrors: Record<string, number> = {};
    const fnMeter = startCpuMeter(new Map([[process.pid, 'bench']]));
    for (let i = 0; i < fnN + 2 && !signal.aborted; i++) {
      const s = performance.now();
      try {
        await captureImage(pool, { document, width, height, format: 'png', timeoutMs: settings.pageLoadTimeoutMs, guard, orgId: 'bench' });
        if (i >= 2) fnTimes.push(performance.now() - s); // two warm-up renders
      } catch (err) {
        // the renderer's own failures are a finding, not a reason to lose the baselines above
        const code = (err as { code?: string }).code ?? 'error';
        fnErrors[code] = (fnErrors[code] ?? 0) + 1;
      }
    }
    const fnWall = (performance.now() - fnStart) / 1000;
    const fnCpu = fnMeter.stop();
    const warningsCost = signal.aborted ? null : await benchWarningsCost(pool, { document, width, height }, fnN, settings.pageLoadTimeoutMs).catch(() => null);
    return {
      pool_size: pool.size,
      sequential,
      capture_only: captureOnly,
      chromium_default_png_bytes: defaultPngBytes,
      parallel: {
        callers,
        renders: each * callers,
        renders_per_s: round((each * callers) / parWall, 2),
        cpu_s_per_render: round(((parCpu.cpu_s['bench:chromium'] ?? 0) + (parCpu.cpu_s['bench:node'] ?? 0)) / (each * callers), 3),
      },
      render_image_fn: {
        ...summarize(fnTimes),
        renders_per_s: round(fnTimes.length / fnWall, 2),
        errors: fnErrors,
        // includes the two warm-up renders, like the wall time above
        cpu_s_per_render: round(((fnCpu.cpu_s['bench:chromium'] ?? 0) + (fnCpu.cpu_s['bench:node'] ?? 0)) / (fnN + 2), 3),
      },
      warnings_cost: warningsCost,
      cpu: meter.stop(),
    };
  } finally {
    await pool.close();
  }
}

/** POST /v1/images with Prefer: wait=60; falls back to polling if the render outlives the wait. */
export async function syncRender(api: ApiClient, body: object): Promise<SyncRender> {
  const sentAt = Date.now();
  const t0 = performance.now();
  const res = await api.post('/v1/images', body, { prefer: 'wait=60' });
  let rec = res.body;
  if (res.status === 202 && rec?.id) {
    for (let i = 0; i < 600 && rec.status !== 'completed' && rec.status !== 'failed'; i++) {
      await sleep(250);
      rec = (await api.get(`/v1/images/${rec.id}`)).body;
    }
  } else if (res.status !== 200) {
    return { id: null, sentAt, ms: performance.now() - t0, status: `http_${res.status}`, error: res.text.slice(0, 200) };
  }
  return { id: rec.id, sentAt, ms: performance.now() - t0, status: rec.status, error: rec.error?.code, body: rec };
}

export interface E2eImageResult {
  sync: LatencySummary & { failed: number; errors: Record<string, number>; breakdown: ImageBreakdown; png_bytes_p50: number | null };
  throughput: {
    clients: number;
    attempted: number;
    completed: number;
    failed: number;
    errors: Record<string, number>;
    wall_s: number;
    renders_per_s: number;
    latency: LatencySummary;
    /** Worker-side activity time (render_duration_seconds{kind=image}) during the run. */
    worker_activity_mean_ms: number | null;
    cpu: CpuReport;
    cpu_s_per_render: Record<string, number>;
  };
  /** The first renders after the stack started (all clients at once): what the first users of a fresh `npm start` see. */
  warmup: LatencySummary;
  /** The Chromium floor taken just before and just after the throughput run (adjacent-floor.ts); null when not asked. */
  floor: AdjacentFloor | null;
}

/** What e2eImages runs: sync series, throughput run, the documented warm-up before them, and the adjacent floor. */
export interface E2eImageOptions {
  syncN: number;
  n: number;
  clients: number;
  warmup: number;
  /** Take the floor next to the throughput run, `renders` renders each time (the images phase; the native phase does not). */
  floor?: { settings: WorkerSettings; renders: number };
}

/**
 * Through the API and the whole stack: a warm-up, one sync client for latency, then `clients` concurrent sync
 * clients, with the floor taken right before and right after the concurrent run when `opts.floor` is given.
 */
export async function e2eImages(
  api: ApiClient,
  templateId: string,
  opts: E2eImageOptions,
  signal: AbortSignal,
): Promise<E2eImageResult> {
  // warm: first renders load the workflow bundle, open DB/MinIO connections and touch every pool page
  const warm = await Promise.all(Array.from({ length: opts.warmup }, (_, i) => syncRender(api, cardRenderBody(templateId, i))));

  const sync: SyncRender[] = [];
  for (let i = 0; i < opts.syncN && !signal.aborted; i++) sync.push(await syncRender(api, cardRenderBody(templateId, i)));
  const syncOk = sync.filter((r) => r.status === 'completed');
  const countErrors = (rs: SyncRender[]) => {
    const out: Record<string, number> = {};
    for (const r of rs) if (r.status !== 'completed') out[r.error ?? r.status] = (out[r.error ?? r.status] ?? 0) + 1;
    return out;
  };

  const floorBefore = opts.floor && !signal.aborted ? await measureFloor(opts.floor.settings, opts.floor.renders, signal) : null;
  const healthUrl = stack().healthUrls['render-worker'];
  const before = healthUrl ? await histogramTotals(healthUrl, 'render_duration_seconds', { kind: 'image', outcome: 'completed' }) : null;
  const meter = startCpuMeter(await processRoots());
  const done: SyncRender[] = [];
  let next = 0;
  const first = performance.now();
  let lastEnd = first;
  await Promise.all(
    Array.from({ length: opts.clients }, async () => {
      while (next < opts.n && !signal.aborted) {
        const r = await syncRender(api, cardRenderBody(templateId, next++));
        done.push(r);
        lastEnd = performance.now();
      }
    }),
  );
  const cpu = meter.stop();
  const after = healthUrl ? await histogramTotals(healthUrl, 'render_duration_seconds', { kind: 'image', outcome: 'completed' }) : null;
  const ok = done.filter((r) => r.status === 'completed');
  const wall = (lastEnd - first) / 1000;
  const perRender = (k: string) => round((cpu.cpu_s[k] ?? 0) / Math.max(1, ok.length), 3);
  // bench:* is the load generator, not the stack
  const groups = Object.keys(cpu.cpu_s).filter((k) => k !== 'foreign' && !k.startsWith('bench'));
  const activityCount = before && after ? after.count - before.count : 0;
  const floorAfter = opts.floor && !signal.aborted ? await measureFloor(opts.floor.settings, opts.floor.renders, signal).catch(() => null) : null;
  return {
    warmup: summarize(warm.map((r) => r.ms)),
    floor: floorBefore ? adjacentFloor(floorBefore, floorAfter) : null,
    sync: {
      ...summarize(syncOk.map((r) => r.ms)),
      failed: sync.length - syncOk.length,
      errors: countErrors(sync),
      breakdown: await imageBreakdown(sync),
      png_bytes_p50: syncOk.length ? percentile(syncOk.map((r) => Number(r.body?.image_metadata?.bytes ?? 0)), 50) : null,
    },
    throughput: {
      clients: opts.clients,
      attempted: done.length,
      completed: ok.length,
      failed: done.length - ok.length,
      errors: countErrors(done),
      wall_s: round(wall, 2),
      renders_per_s: round(ok.length / Math.max(wall, 1e-3), 2),
      latency: summarize(ok.map((r) => r.ms)),
      worker_activity_mean_ms: activityCount > 0 ? round(((after!.sum - before!.sum) / activityCount) * 1000) : null,
      cpu,
      cpu_s_per_render: {
        ...Object.fromEntries(groups.map((k) => [k, perRender(k)])),
        stack_total: round(groups.reduce((a, k) => a + (cpu.cpu_s[k] ?? 0), 0) / Math.max(1, ok.length), 3),
      },
    },
  };
}
