import { createSsrfGuard } from '@rp/net-guard';
import { createBrowserPool } from '@rp/render-worker/renderer';
import { benchRawRender } from './bench-raw-render';
import { cardFixture } from './bench-setup';
import { startCpuMeter } from './cpu-accounting';
import type { WorkerSettings } from './stack-probe';
import { round } from './stats';

/** One floor measurement: a pool launched like the worker's, in this process, while the stack idles. */
export interface FloorSample {
  /** pool-size concurrent callers of benchRawRender: the renderer's throughput ceiling. */
  renders_per_s: number;
  /** One caller: the floor a single sync client's latency is compared with. */
  p50_ms: number;
  /** bench:node + bench:chromium per render of the parallel part. */
  cpu_s_per_render: number;
  /** ISO time it was taken, so a reader sees how far it stood from the figure divided by it. */
  at: string;
}

/**
 * The Chromium floor exactly as the raw phase defines it (a warm page, setContent, fonts ready, fast PNG plus a
 * 320 px JPEG thumbnail capture; pool-size callers), taken on a fresh pool right next to an e2e measurement. Two
 * idle runs' floors differed by 18 % (11.65 and 13.79/s): dividing an e2e figure by a floor taken a minute or more
 * away carries that drift, so the e2e ratios divide by floors taken just before and just after (bench/README.md).
 */
export async function measureFloor(settings: WorkerSettings, renders: number, signal: AbortSignal): Promise<FloorSample> {
  const ssrfGuard = createSsrfGuard({ allowCidrs: '127.0.0.2/32' });
  const pool = await createBrowserPool({ executablePath: settings.poolExecutable, size: settings.poolSize, recycleAfter: settings.recycleAfter, ssrfGuard });
  try {
    const { document, width, height } = cardFixture;
    const callers = pool.size;
    // every page warm (its org context, the document's fonts and decode caches) before anything is timed
    await Promise.all(Array.from({ length: callers }, () => benchRawRender(pool, document, 0, { width, height, warmup: 2 })));
    if (signal.aborted) throw new Error('aborted');
    const each = Math.max(1, Math.round(renders / callers));
    const meter = startCpuMeter(new Map([[process.pid, 'bench']]));
    const t0 = performance.now();
    await Promise.all(Array.from({ length: callers }, () => benchRawRender(pool, document, each, { width, height, warmup: 0 })));
    const wall = (performance.now() - t0) / 1000;
    const cpu = meter.stop();
    const single = await benchRawRender(pool, document, Math.max(5, Math.round(renders / 2)), { width, height, warmup: 0 });
    return {
      renders_per_s: round((each * callers) / wall, 2),
      p50_ms: single.p50Ms,
      cpu_s_per_render: round(((cpu.cpu_s['bench:chromium'] ?? 0) + (cpu.cpu_s['bench:node'] ?? 0)) / (each * callers), 3),
      at: new Date().toISOString(),
    };
  } finally {
    await pool.close();
  }
}

/** Before and after an e2e measurement, and the mean the e2e ratios divide by. */
export interface AdjacentFloor {
  before: FloorSample;
  after: FloorSample | null;
  renders_per_s: number;
  p50_ms: number;
  /** |before - after| / mean of the throughput: how much the floor itself moved across the e2e run. */
  drift: number | null;
}

export function adjacentFloor(before: FloorSample, after: FloorSample | null): AdjacentFloor {
  const both = after ? [before, after] : [before];
  const mean = (k: 'renders_per_s' | 'p50_ms') => round(both.reduce((a, s) => a + s[k], 0) / both.length, 2);
  const rps = mean('renders_per_s');
  return { before, after, renders_per_s: rps, p50_ms: mean('p50_ms'), drift: after ? round(Math.abs(before.renders_per_s - after.renders_per_s) / rps, 3) : null };
}
