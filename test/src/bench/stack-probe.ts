import fs from 'node:fs';
import { loadRenderWorkerConfig } from '@rp/render-worker';
import { readStackInfo, stackControl, type StackInfo } from '@rp/stack';

/** What the bench needs to know about the running stack beyond stack.json. */

export function stack(): StackInfo {
  return readStackInfo();
}

/** pid -> component name for CPU accounting: every stack process, this process as `bench`. */
export async function processRoots(): Promise<Map<number, string>> {
  const roots = new Map<number, string>([[process.pid, 'bench']]);
  const status = await stackControl.status();
  for (const p of status.processes) if (p.running && p.pid) roots.set(p.pid, p.name);
  roots.set(stack().pid, 'supervisor');
  return roots;
}

/**
 * The environment a stack process really runs with (from /proc, same machine): the bench reports the worker's
 * RENDER_CONCURRENCY / BROWSER_POOL_SIZE / VIDEO_CHUNK_FRAMES as they are, not as we assume them.
 */
export async function processEnv(name: string): Promise<Record<string, string>> {
  const status = await stackControl.status();
  const pid = status.processes.find((p) => p.name === name && p.running)?.pid;
  if (!pid) return {};
  try {
    const raw = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
    return Object.fromEntries(
      raw
        .split('\0')
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    );
  } catch {
    return {};
  }
}

export interface WorkerSettings {
  renderConcurrency: number;
  poolSize: number;
  recycleAfter: number;
  videoChunkFrames: number;
  chromiumPath: string;
  headlessShellPath: string;
  /** What the worker's screenshot pool launches (services/render-worker/src/main.ts): the headless shell if installed. */
  poolExecutable: string;
  ffmpegPath: string;
  pageLoadTimeoutMs: number;
}

/** The worker's settings as its own config loader reads them from its real environment (defaults included). */
export async function workerSettings(): Promise<WorkerSettings> {
  const c = loadRenderWorkerConfig(await processEnv('render-worker'));
  return {
    renderConcurrency: c.RENDER_CONCURRENCY,
    poolSize: c.BROWSER_POOL_SIZE,
    recycleAfter: c.PAGE_RECYCLE_AFTER,
    videoChunkFrames: c.VIDEO_CHUNK_FRAMES,
    chromiumPath: c.CHROMIUM_PATH,
    headlessShellPath: c.CHROMIUM_HEADLESS_SHELL_PATH,
    poolExecutable: fs.existsSync(c.CHROMIUM_HEADLESS_SHELL_PATH) ? c.CHROMIUM_HEADLESS_SHELL_PATH : c.CHROMIUM_PATH,
    ffmpegPath: c.FFMPEG_PATH,
    pageLoadTimeoutMs: c.PAGE_LOAD_TIMEOUT_MS,
  };
}

/** Sum and count of one Prometheus histogram series on a worker's health port (render_duration_seconds{kind}). */
export async function histogramTotals(healthUrl: string, metric: string, labels: Record<string, string>): Promise<{ sum: number; count: number } | null> {
  try {
    const res = await fetch(healthUrl.replace(/\/healthz$/, '/metrics'));
    if (!res.ok) return null;
    const text = await res.text();
    const match = (suffix: string) => {
      let total = 0;
      for (const line of text.split('\n')) {
        if (!line.startsWith(`${metric}_${suffix}{`)) continue;
        const labelPart = line.slice(line.indexOf('{') + 1, line.indexOf('}'));
        if (Object.entries(labels).every(([k, v]) => labelPart.includes(`${k}="${v}"`))) total += Number(line.slice(line.lastIndexOf(' ') + 1));
      }
      return total;
    };
    return { sum: match('sum'), count: match('count') };
  } catch {
    return null;
  }
}

/** Starts an extra render worker through the control API; returns a stop function that never throws. */
export async function startExtraWorker(name: string): Promise<() => Promise<void>> {
  await stackControl.start(name);
  return async () => {
    await stackControl.stop(name).catch(() => undefined);
  };
}

export function loadAverage(): number[] {
  return fs
    .readFileSync('/proc/loadavg', 'utf8')
    .split(' ')
    .slice(0, 3)
    .map(Number);
}
