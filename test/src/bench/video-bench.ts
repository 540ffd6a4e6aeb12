import { workflowIds, type CaptureStrategy } from '@rp/workflow-safe';
import { benchRawVideo } from './bench-raw-video';
import type { ApiClient } from '../support/api-client';
import { VIDEO_FPS, VIDEO_SECONDS } from './bench-setup';
import { startCpuMeter, type CpuReport } from './cpu-accounting';
import { processRoots, type WorkerSettings } from './stack-probe';
import { round, sleep } from './stats';
import { workflowTimeline } from './temporal-timeline';

export interface RawVideoResult {
  frames: number;
  seconds: number;
  /** The best single raw pipeline: the faster of the two strategies below. */
  fps: number;
  strategy: CaptureStrategy;
  capture_s: number;
  by_strategy: Partial<Record<CaptureStrategy, { fps: number; seconds: number; capture_s: number }>>;
  cpu: CpuReport;
}

/**
 * benchRawVideo with each capture strategy: one browser, one page, every frame captured and piped into one ffmpeg.
 * The e2e video is judged against the better of the two, the best single raw pipeline on this machine. `document`
 * replaces the animated fixture; `only` measures one strategy; `fps` and `seconds` default to the bench video's.
 */
export async function rawVideo(
  settings: WorkerSettings,
  width: number,
  height: number,
  { document, only, fps = VIDEO_FPS, seconds = VIDEO_SECONDS }: { document?: string; only?: CaptureStrategy; fps?: number; seconds?: number } = {},
): Promise<RawVideoResult> {
  const meter = startCpuMeter(await processRoots());
  const by: RawVideoResult['by_strategy'] = {};
  let best: { fps: number; seconds: number; capture_s: number; strategy: CaptureStrategy } | null = null;
  const strategies: [CaptureStrategy, string][] = [
    // the browsers the worker captures each strategy with
    ['screenshot', settings.poolExecutable],
    ['begin-frame', settings.headlessShellPath],
  ];
  for (const [strategy, executablePath] of strategies.filter(([s]) => !only || s === only)) {
    const r = await benchRawVideo({ executablePath, ffmpegPath: settings.ffmpegPath, width, height, fps, seconds, strategy, document });
    const fig = { fps: round(r.fps, 2), seconds: round(r.seconds, 2), capture_s: round(r.captureSeconds, 2) };
    by[strategy] = fig;
    if (!best || fig.fps > best.fps) best = { ...fig, strategy };
  }
  return { frames: fps * seconds, seconds: best!.seconds, fps: best!.fps, strategy: best!.strategy, capture_s: best!.capture_s, by_strategy: by, cpu: meter.stop() };
}

export interface E2eVideoResult {
  id: string;
  status: string;
  error: string | null;
  frames: number;
  /**
   * POST sent with `Prefer: wait=60` -> its 200 with the completed video received: the API answers at the render
   * row's NOTIFY (docs/ARCHITECTURE.md), as to any client that waits. Polled every 200 ms only if it outlives the wait.
   */
  wall_s: number;
  fps: number;
  chunks: number;
  chunk_ms: number[];
  /** Chunks run per worker identity (pid@host): shows whether the second worker took any. */
  chunks_per_worker: Record<string, number>;
  breakdown_ms: Record<string, number>;
  cpu: CpuReport;
}

/**
 * The workflow's timeline once its join has closed: the API answers a waiting POST at the row's NOTIFY, which the
 * join activity sends before the workflow records that activity's completion.
 */
async function closedTimeline(workflowId: string) {
  let tl = await workflowTimeline(workflowId);
  for (let i = 0; i < 30 && tl && !tl.activities.some((a) => a.name === 'concatVideo' && a.closedMs != null); i++) {
    await sleep(100);
    tl = await workflowTimeline(workflowId);
  }
  return tl;
}

/** One video through the API: POST and wait for it, then read where the time went from the workflow history. */
export async function e2eVideo(api: ApiClient, templateId: string, signal: AbortSignal, fps = VIDEO_FPS, seconds = VIDEO_SECONDS): Promise<E2eVideoResult> {
  const frames = fps * seconds;
  const meter = startCpuMeter(await processRoots());
  const sentAt = Date.now();
  const res = await api.post('/v1/videos', { template_id: templateId }, { prefer: 'wait=60' });
  if (res.status !== 200 && res.status !== 202) throw new Error(`POST /v1/videos answered ${res.status}: ${res.text.slice(0, 300)}`);
  const id = res.body.id as string;
  let rec = res.body;
  while (rec.status !== 'completed' && rec.status !== 'failed') {
    if (signal.aborted) throw new Error(`video ${id} did not finish within the phase budget (last status ${rec.status})`);
    await sleep(200);
    rec = (await api.get(`/v1/videos/${id}`)).body;
  }
  const observedAt = Date.now();
  const cpu = meter.stop();
  const wall = (observedAt - sentAt) / 1000;

  const tl = await closedTimeline(workflowIds.render('video', id));
  const chunks = (tl?.activities ?? []).filter((a) => a.name === 'renderVideoChunk');
  const concat = tl?.activities.find((a) => a.name === 'concatVideo');
  const perWorker: Record<string, number> = {};
  for (const c of chunks) perWorker[c.identity ?? '?'] = (perWorker[c.identity ?? '?'] ?? 0) + 1;
  const firstStart = Math.min(...chunks.map((c) => c.startedMs ?? Infinity));
  const lastClose = Math.max(...chunks.map((c) => c.closedMs ?? -Infinity));
  const breakdown: Record<string, number> = {};
  const put = (k: string, v: number) => {
    if (Number.isFinite(v)) breakdown[k] = Math.round(v);
  };
  if (tl) {
    put('1_api_until_workflow_started', tl.startedMs - sentAt);
    put('2_until_first_chunk_started', firstStart - tl.startedMs);
    put('3_chunks_first_start_to_last_end', lastClose - firstStart);
    put('4_until_concat_started', (concat?.startedMs ?? NaN) - lastClose);
    put('5_concat_activity', (concat?.closedMs ?? NaN) - (concat?.startedMs ?? NaN));
    put('6_concat_closed_until_observed', observedAt - (concat?.closedMs ?? NaN));
    put('chunk_queue_wait_max', Math.max(...chunks.map((c) => (c.startedMs ?? NaN) - c.scheduledMs)));
  }
  return {
    id,
    status: rec.status,
    error: rec.error?.code ?? null,
    frames,
    wall_s: round(wall, 2),
    fps: rec.status === 'completed' ? round(frames / wall, 2) : 0,
    chunks: chunks.length,
    chunk_ms: chunks.map((c) => Math.round((c.closedMs ?? NaN) - (c.startedMs ?? NaN))),
    chunks_per_worker: perWorker,
    breakdown_ms: breakdown,
    cpu,
  };
}
