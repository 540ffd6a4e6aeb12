import type { Page } from 'puppeteer';
import type { CaptureStrategy } from '@rp/workflow-safe';
import { RenderFailure } from '../../../types';
import { waitForPageReady } from '../pages/wait-for-page-ready';
import { resourceVerdict } from '../../../resource-verdict';
import type { GuardedPage } from '../../../request-guard';
import { pageSession } from '../pages/page-session';
import { createFrameGrabber } from './create-frame-grabber';
import { injectVirtualClock } from './inject-virtual-clock';
import { VIRTUAL_CLOCK_GLOBAL } from './virtual-clock-script';
import { frameTimeMs } from '../../../video/frame-time-ms';

export interface CaptureFramesOptions {
  /** Complete HTML document (placeholders already bound); the virtual clock is injected here. */
  document: string;
  width: number;
  height: number;
  fps: number;
  startFrame: number;
  /** Exclusive. */
  endFrame: number;
  strategy: CaptureStrategy;
  onFrame(buf: Buffer, index: number): Promise<void> | void;
  signal?: AbortSignal;
  onProgress?(framesDone: number): void;
  jpegQuality?: number;
  /** Capture PNG frames over a transparent page background (for alpha video) instead of opaque JPEGs. */
  transparent?: boolean;
  /** Date.now() at virtual time 0. Must be the same for every chunk of a render. */
  clockEpochMs?: number;
  loadTimeoutMs?: number;
  /** Upper bound for one tick + capture; a template stuck in a loop fails instead of hanging the activity. */
  frameTimeoutMs?: number;
  /** Screenshot strategy only: real frames drawn after each tick before capturing (default 1, see below). */
  settleFrames?: number;
  /**
   * Runs after `load`, before frame 0 (virtual time 0). Default: the image renderer's readiness (fonts, <img> and CSS
   * background decode, shrink-to-fit text), failing on a broken image the page shows like image renders do
   * (resource-verdict.ts).
   */
  waitForReady?(page: Page): Promise<void>;
  /**
   * The page's request guard. Its `failed` settles when it refuses something that makes the render unusable (blocked
   * address, missing asset, top-level navigation): every step races it, so the chunk fails with that reason at once.
   */
  guarded?: GuardedPage;
}

export interface CaptureFramesResult {
  frames: number;
  /** Strategy actually used: it follows how the page's browser was launched (see effectiveStrategy). */
  strategy: CaptureStrategy;
}

/** Frames warmed up per CDP round trip when a chunk does not start at 0: cheap, but keeps abort responsive. */
const WARMUP_BATCH = 120;

export { frameTimeMs };

type Guard = <T>(p: Promise<T>, sig: AbortSignal | undefined, ms: number, what: string) => Promise<T>;

/** Sizes the page and loads the document with the virtual clock installed, fonts and images ready. */
async function loadDocument(page: Page, opts: CaptureFramesOptions, guard: Guard, frameTimeoutMs: number): Promise<void> {
  const { width, height, signal } = opts;
  const loadTimeoutMs = opts.loadTimeoutMs ?? 15_000;
  const vp = page.viewport();
  if (!vp || vp.width !== width || vp.height !== height || (vp.deviceScaleFactor ?? 1) !== 1) {
    await page.setViewport({ width, height, deviceScaleFactor: 1 });
  }
  const html = injectVirtualClock(opts.document, { epochMs: opts.clockEpochMs });
  await guard(page.setContent(html, { waitUntil: 'load', timeout: loadTimeoutMs }), signal, loadTimeoutMs + 1000, 'page load');
  const installed = await guard(page.evaluate((k) => k in globalThis, VIRTUAL_CLOCK_GLOBAL), signal, frameTimeoutMs, 'clock check');
  if (!installed) {
    // It is the document's first script (ahead of any <meta> CSP); missing means the document was not ours to load.
    throw new RenderFailure('template_invalid', 'virtual clock could not be installed (inline scripts blocked?)');
  }
  await guard((opts.waitForReady ?? ((p: Page) => defaultWaitForReady(p, opts.guarded)))(page), signal, loadTimeoutMs, 'fonts/images');
}

/**
 * rAF/timer-driven templates accumulate state, so a chunk replays frames 0..start-1 (without capturing) exactly
 * as an unchunked render would, one tick per frame.
 */
async function warmUp(page: Page, opts: CaptureFramesOptions, guard: Guard, frameTimeoutMs: number): Promise<void> {
  for (let from = 0; from < opts.startFrame; from += WARMUP_BATCH) {
    throwIfAborted(opts.signal);
    const times: number[] = [];
    for (let i = from; i < Math.min(opts.startFrame, from + WARMUP_BATCH); i++) times.push(frameTimeMs(i, opts.fps));
    await guard(
      page.evaluate((k, list) => (globalThis as any)[k].advance(list), VIRTUAL_CLOCK_GLOBAL, times),
      opts.signal,
      frameTimeoutMs * 4,
      'warm-up',
    );
  }
}

export async function captureFrames(page: Page, opts: CaptureFramesOptions): Promise<CaptureFramesResult> {
  const { width, height, fps, startFrame, endFrame, signal } = opts;
  if (!(fps > 0) || !Number.isInteger(startFrame) || !Number.isInteger(endFrame) || startFrame < 0 || endFrame < startFrame) {
    throw new RenderFailure('template_invalid', `invalid frame range [${startFrame}, ${endFrame}) at ${fps} fps`);
  }
  const guard: Guard = (p, sig, ms, what) => race(p, sig, ms, what, opts.guarded?.failed);
  const frameTimeoutMs = opts.frameTimeoutMs ?? 30_000;
  const strategy = effectiveStrategy(page, opts.strategy);
  // Screenshot strategy: the compositor draws on its own schedule and decides raster scales from the previous frames
  // (e.g. text under an animated scale/rotation). Letting it draw one frame of the frozen state before capturing makes
  // that history the same for every frame, which made repeated and chunked captures byte-identical in our tests.
  // Under begin-frame control nothing draws without a BeginFrame, so there is nothing to settle (and rAF would hang).
  const settleFrames = strategy === 'screenshot' ? (opts.settleFrames ?? 1) : 0;
  throwIfAborted(signal);
  await loadDocument(page, opts, guard, frameTimeoutMs);

  const transparent = opts.transparent === true;
  const grabber = await createFrameGrabber(page, strategy, { width, height, fps, jpegQuality: opts.jpegQuality ?? 90, format: transparent ? 'png' : 'jpeg' });
  if (transparent) await setTransparentBackground(page, true);
  try {
    await guard(grabber.prime(), signal, frameTimeoutMs, 'first frame');
    await warmUp(page, opts, guard, frameTimeoutMs);
    for (let i = startFrame; i < endFrame; i++) {
      throwIfAborted(signal);
      const t = frameTimeMs(i, fps);
      const buf = await guard(
        page
          .evaluate(
            async (k, ms, n) => {
              const clock = (globalThis as any)[k];
              await clock.tick(ms);
              await clock.settle(n);
            },
            VIRTUAL_CLOCK_GLOBAL,
            t,
            settleFrames,
          )
          .then(() => grabber.grab()),
        signal,
        frameTimeoutMs,
        `frame ${i}`,
      );
      await opts.onFrame(buf, i);
      opts.onProgress?.(i - startFrame + 1);
    }
  } finally {
    if (transparent) await setTransparentBackground(page, false).catch(() => undefined);
    await grabber.dispose();
  }
  return { frames: endFrame - startFrame, strategy };
}

/** The page's default background is white; alpha video needs it see-through (and a pooled page needs it back). */
async function setTransparentBackground(page: Page, on: boolean): Promise<void> {
  const session = await pageSession(page);
  await session.send('Emulation.setDefaultBackgroundColorOverride', on ? { color: { r: 0, g: 0, b: 0, a: 0 } } : {});
}

/** Without a guard every broken image is judged by the page alone; the warnings are the video's own (video-warnings.ts). */
async function defaultWaitForReady(page: Page, guarded: GuardedPage | undefined): Promise<void> {
  const readiness = await waitForPageReady(page, { required: guarded?.required });
  const { failure } = resourceVerdict(readiness, guarded ?? { failure: null, tolerated: new Map() });
  if (failure) throw failure;
}

/**
 * A browser launched with begin-frame control only draws on HeadlessExperimental.beginFrame (screenshots would hang),
 * and one launched without it cannot serve beginFrame. So the browser decides; the requested strategy only matters
 * when the launch arguments are unknown (browser connected over a websocket).
 */
export function effectiveStrategy(page: Page, requested: CaptureStrategy): CaptureStrategy {
  const args = page.browser().process()?.spawnargs;
  if (!args) return requested;
  return args.includes('--enable-begin-frame-control') ? 'begin-frame' : 'screenshot';
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new RenderFailure('cancelled', 'render cancelled');
}

/**
 * Races a CDP call against cancellation, a timeout and the request guard's verdict, so none of them waits for a page
 * that stopped answering or can no longer succeed.
 */
async function race<T>(p: Promise<T>, signal: AbortSignal | undefined, timeoutMs: number, what: string, failed?: Promise<RenderFailure>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RenderFailure('render_timeout', `${what} took longer than ${timeoutMs} ms`, true)), timeoutMs);
    onAbort = () => reject(new RenderFailure('cancelled', 'render cancelled'));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const refused = failed?.then((f): never => {
      throw f;
    });
    return await Promise.race(refused ? [p, stop, refused] : [p, stop]);
  } catch (err) {
    p.catch(() => undefined); // the losing CDP call may still reject later
    throw toRenderFailure(err, what);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

function toRenderFailure(err: unknown, what: string): RenderFailure {
  if (err instanceof RenderFailure) return err;
  const msg = err instanceof Error ? err.message : String(err);
  if (err instanceof Error && err.name === 'TimeoutError') return new RenderFailure('render_timeout', `${what}: ${msg}`, true);
  // Template exceptions never reach here (the clock reports them in the page), so what is left is the browser side:
  // closed targets, protocol errors, a destroyed context. Retrying on a fresh page is the useful answer.
  return new RenderFailure('browser_crashed', `${what}: ${msg}`, true);
}
