import type { PhaseContext } from './phase-context';
import { e2eVideo, rawVideo, type E2eVideoResult, type RawVideoResult } from './video-bench';

/**
 * Each side runs RUNS times, interleaved (raw, then native), so a drift of the machine hits both, and the median run
 * of each is compared: the raw pipeline alone moved between 35 and 47 fps at 720p across runs of one hour.
 */
const RUNS = 3;

/**
 * The pause before each run: what the run before left going does not count against it (a worker starts the ffmpeg
 * spares of a video's chunks and join SPARE_DELAY_MS after they exit, docs/video.md; its segments are removed after the join).
 */
const SETTLE_MS = 1000;
export const settled = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** The run with the median fps (of those that finished). */
export function medianRun<T extends { fps: number }>(runs: T[]): T | null {
  const sorted = [...runs].sort((a, b) => a.fps - b.fps);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

export async function repeated<T extends { fps: number }>(fn: (i: number) => Promise<T | null>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < RUNS; i++) {
    await settled();
    const r = await fn(i);
    if (r) out.push(r);
  }
  return out;
}

export interface RawVsNative {
  /** The same document through one browser, CDP begin-frame capture and x264: the baseline of this run. */
  raw_begin_frame: RawVideoResult | null;
  /** The template saved with `auto`, through the API. */
  e2e_auto: E2eVideoResult | null;
  /** fps of every run; the figures above are the median runs. */
  runs_fps: { raw_begin_frame: number[]; e2e_auto: number[] };
}

interface VideoUnderTest {
  /** The key of the run's phase names (`<prefix>.<key>.raw-begin-frame.1` ...). */
  key: string;
  /** The template saved with `engine: auto`. */
  templateId: string;
  /** The document the renders compose from the template's HTML, which the raw pipeline captures. */
  document: string;
  width: number;
  height: number;
  fps: number;
  seconds: number;
}

/** A template through the API with `auto` against the raw begin-frame pipeline on its document, RUNS times each, interleaved. */
export async function rawVsNative({ run, settings, org }: PhaseContext, prefix: string, v: VideoUnderTest): Promise<RawVsNative> {
  const { width, height, fps, seconds, document } = v;
  const raws: RawVideoResult[] = [];
  const autos = await repeated(async (i) => {
    const raw = await run.phase(`${prefix}.${v.key}.raw-begin-frame.${i + 1}`, 180, () => rawVideo(settings, width, height, { document, only: 'begin-frame', fps, seconds }));
    if (raw) raws.push(raw);
    await settled();
    return run.phase(`${prefix}.${v.key}.e2e-auto.${i + 1}`, 240, (s) => e2eVideo(org.api, v.templateId, s, fps, seconds));
  });
  return { raw_begin_frame: medianRun(raws), e2e_auto: medianRun(autos), runs_fps: { raw_begin_frame: raws.map((r) => r.fps), e2e_auto: autos.map((r) => r.fps) } };
}
