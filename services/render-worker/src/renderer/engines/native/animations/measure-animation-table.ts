import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { Renderer } from '@takumi-rs/core';
import { PARITY_THRESHOLD, type AnimationMeasurement, type AnimationTable } from '@rp/workflow-safe';
import { chromiumProcess } from '../../../chromium-process';
import { BEGIN_FRAME_CHROME_ARGS } from '../../../chrome-args';
import { composeDocument } from '../../../compose-document';
import { captureFrames } from '../../../video/capture-frames';
import { compareImages, type Rgba } from '../../../../parity/compare-images';
import { decodeForParity } from '../../../../parity/measure-parity';
import { round } from '../../../../parity/decide-parity';
import { prepareNativeDocument } from '../prepare-native-document';
import { nativeUaStylesheet } from '../native-ua-stylesheet';
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

/** One candidate on both engines at every instant: its worst figures and whether each met the threshold. */
async function measureCandidate(page: Page, renderer: Renderer, c: AnimationCandidate): Promise<AnimationMeasurement> {
  const document = composeDocument({ html: c.html, width, height, placeholders: [], modifications: [] });
  let minSsim = 1;
  let minPsnr = Infinity;
  for (const t of CANDIDATE_INSTANTS_MS) {
    const cmp = compareImages(await chromiumFrame(page, document, t), await nativeFrame(renderer, document, t));
    minSsim = Math.min(minSsim, cmp.ssim);
    minPsnr = Math.min(minPsnr, cmp.psnr);
  }
  const passed = minSsim >= PARITY_THRESHOLD.ssim && minPsnr >= PARITY_THRESHOLD.psnr;
  return { passed, min_ssim: round(minSsim, 4), min_psnr: Number.isFinite(minPsnr) ? round(minPsnr, 2) : null };
}

function takumiVersion(): string {
  const manifest = path.join(path.dirname(require.resolve('@takumi-rs/core')), '..', 'package.json');
  return `takumi ${(JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version}`;
}

/**
 * Measures the animation table (docs/engines.md, "Video templates"): every candidate drawn by Chromium (begin-frame
 * capture under the virtual clock, as video chunks are) and by takumi at each instant, compared with the parity
 * metric. `only` limits it to some keys (tests).
 */
export async function measureAnimationTable(executablePath: string, only?: ReadonlySet<string>): Promise<AnimationTable> {
  const launched = await chromiumProcess.launch({ executablePath, launchArgs: [...BEGIN_FRAME_CHROME_ARGS] });
  const renderer = new Renderer();
  const table = { properties: {}, timing: {}, features: {} } as Record<AnimationCandidate['kind'], Record<string, AnimationMeasurement>>;
  try {
    const page = await launched.browser.newPage();
    for (const c of ANIMATION_CANDIDATES) {
      if (only && !only.has(c.key)) continue;
      table[c.kind][c.key] = await measureCandidate(page, renderer, c);
    }
    const chromium = await launched.browser.version();
    return { engines: { chromium, native: takumiVersion() }, instants_ms: [...CANDIDATE_INSTANTS_MS], ...table };
  } finally {
    await chromiumProcess.close(launched.browser, 5_000);
    await chromiumProcess.removeProfile(launched.userDataDir, launched.browser, launched.owner);
  }
}
