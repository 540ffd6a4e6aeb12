import type { Page } from 'puppeteer';
import { Renderer } from '@takumi-rs/core';
import { PARITY_THRESHOLD, type AnimationMeasurement, type AnimationTable } from '@rp/workflow-safe';
import { compareImages, decodeForParity, round, type Rgba } from '@rp/render-worker';
import { BEGIN_FRAME_CHROME_ARGS, captureFrames, chromiumProcess, composeDocument, nativeUaStylesheet, prepareNativeDocument, takumiVersion } from '@rp/render-worker/renderer';
import { ANIMATION_CANDIDATES, CANDIDATE_INSTANTS_MS, CANDIDATE_SIZE, type AnimationCandidate } from './animation-candidates';

/** Frame rate of the Chromium capture: every instant is a whole frame of it (frame k at k·1000/fps ms). */
const FPS = 40;
const { width, height } = CANDIDATE_SIZE;

/** Chromium's frame at `timeMs`: the video path's virtual-clock capture of one frame, a chunk starting at frame k. */
async function chromiumFrame(page: Page, document: string, timeMs: number): Promise<Rgba> {
  const k = (timeMs * FPS) / 1000;
  let png: Buffer | undefined;
  await captureFrames(page, {
    document, width, height, fps: FPS, startFrame: k, endFrame: k + 1, strategy: 'begin-frame', transparent: true,
    onFrame: (buf) => void (png = buf),
  });
  if (!png) throw new Error(`no frame captured at ${timeMs} ms`);
  return decodeForParity(png);
}

/** The native engine's frame at `timeMs`: the document as the engine prepares it, drawn with takumi's `timeMs`. */
async function nativeFrame(renderer: Renderer, document: string, timeMs: number): Promise<Rgba> {
  const doc = prepareNativeDocument(document);
  const css = [nativeUaStylesheet({ transparent: false }), ...doc.css];
  const data = await renderer.render(doc.node, { width, height, css, timeMs, format: 'raw' });
  return { data, width, height };
}

/** One candidate's frames at one instant on both engines, and their figures. */
export interface CandidateFrame {
  timeMs: number;
  chromium: Rgba;
  native: Rgba;
  figures: { ssim: number; psnr: number };
}

async function candidateFrames(page: Page, renderer: Renderer, c: AnimationCandidate, instants: readonly number[]): Promise<CandidateFrame[]> {
  const document = composeDocument({ html: c.html, width, height, placeholders: [], modifications: [] });
  const frames: CandidateFrame[] = [];
  for (const timeMs of instants) {
    const chromium = await chromiumFrame(page, document, timeMs);
    const native = await nativeFrame(renderer, document, timeMs);
    frames.push({ timeMs, chromium, native, figures: compareImages(chromium, native) });
  }
  return frames;
}

/** One candidate on both engines at every instant: its worst figures and whether each met the threshold. */
async function measureCandidate(page: Page, renderer: Renderer, c: AnimationCandidate): Promise<AnimationMeasurement> {
  const frames = await candidateFrames(page, renderer, c, CANDIDATE_INSTANTS_MS);
  const minSsim = Math.min(...frames.map((f) => f.figures.ssim));
  const minPsnr = Math.min(...frames.map((f) => f.figures.psnr));
  const passed = minSsim >= PARITY_THRESHOLD.ssim && minPsnr >= PARITY_THRESHOLD.psnr;
  return { passed, min_ssim: round(minSsim, 4), min_psnr: Number.isFinite(minPsnr) ? round(minPsnr, 2) : null };
}

/** A begin-frame Chromium (as video chunks use) and a takumi renderer, for the length of `fn`. */
async function withEngines<T>(executablePath: string, fn: (page: Page, renderer: Renderer, chromium: string) => Promise<T>): Promise<T> {
  const launched = await chromiumProcess.launch({ executablePath, launchArgs: [...BEGIN_FRAME_CHROME_ARGS] });
  try {
    const page = await launched.browser.newPage();
    return await fn(page, new Renderer(), await launched.browser.version());
  } finally {
    await chromiumProcess.close(launched.browser, 5_000);
    await chromiumProcess.removeProfile(launched.userDataDir, launched.browser, launched.owner);
  }
}

/** One candidate's frames at the given instants on both engines (tests look at the pixels). */
export const measureCandidateFrames = (executablePath: string, c: AnimationCandidate, instants: readonly number[]) =>
  withEngines(executablePath, (page, renderer) => candidateFrames(page, renderer, c, instants));

/**
 * Measures the animation table (docs/engines.md, "Video templates"): every candidate drawn by Chromium (begin-frame
 * capture under the virtual clock, as video chunks are) and by takumi at each instant, compared with the parity
 * metric.
 */
export function measureAnimationTable(executablePath: string): Promise<AnimationTable> {
  return withEngines(executablePath, async (page, renderer, chromium) => {
    const table = { properties: {}, timing: {}, features: {} } as Record<AnimationCandidate['kind'], Record<string, AnimationMeasurement>>;
    for (const c of ANIMATION_CANDIDATES) table[c.kind][c.key] = await measureCandidate(page, renderer, c);
    return { engines: { chromium, native: takumiVersion() }, instants_ms: [...CANDIDATE_INSTANTS_MS], ...table };
  });
}
