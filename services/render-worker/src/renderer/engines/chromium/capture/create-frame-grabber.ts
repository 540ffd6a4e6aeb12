import type { Browser, CDPSession, Page } from 'puppeteer';
import type { CaptureStrategy } from '@rp/workflow-safe';
import { pageSession } from '../pages/page-session';
import { RenderFailure } from '../../../types';
import { BEGIN_FRAME_INCOMPATIBLE_ARGS } from '../pool/chrome-args';

export interface FrameGrabber {
  /** Gets the page ready to return frames (begin-frame: the first frames carry no image while the surface is created). */
  prime(): Promise<void>;
  /** The page as it is now (after the virtual clock tick): JPEG, or PNG when asked (alpha). */
  grab(): Promise<Buffer>;
  dispose(): Promise<void>;
}

export interface FrameGrabberOptions {
  width: number;
  height: number;
  fps: number;
  jpegQuality: number;
  format?: 'jpeg' | 'png';
}

const PRIME_ATTEMPTS = 50;
const MISSING_FRAME_RETRIES = 3;

export async function createFrameGrabber(
  page: Page,
  strategy: CaptureStrategy,
  opts: FrameGrabberOptions,
): Promise<FrameGrabber> {
  // The page's long-lived session (shared with the pool): attaching a new one can hang on a busy renderer.
  const session = await pageSession(page);
  const dispose = async () => undefined;
  if (strategy === 'begin-frame') assertBeginFrameCompatible(page.browser());
  return strategy === 'begin-frame'
    ? beginFrameGrabber(session, page.browser(), opts, dispose)
    : screenshotGrabber(session, opts, dispose);
}

/**
 * `--disable-frame-rate-limit` lets the compositor produce frames on its own next to BeginFrame control: frames then
 * show whatever state the compositor last drew (repeated captures differed in 15-25 of 40 frames) and capture got
 * 10-20x slower. Wrong pixels are worse than a failed render, so refuse such a browser.
 */
function assertBeginFrameCompatible(browser: Browser): void {
  const args = browser.process()?.spawnargs ?? [];
  const bad = BEGIN_FRAME_INCOMPATIBLE_ARGS.filter((a) => args.includes(a));
  if (bad.length > 0) {
    throw new RenderFailure('browser_crashed', `begin-frame browser launched with ${bad.join(' ')}: frames would be wrong`);
  }
}

/**
 * Two BeginFrames in flight in one browser (two pages of a pool) make the GPU process exit with "Got overlapping
 * IssueExternalBeginFrame" (seen on Chromium 156), so BeginFrames are serialised per browser. Page work (ticks,
 * JPEG transfer) still overlaps. The timeout releases the lock if a call never answers; the caller's frame timeout
 * then fails that render.
 */
const beginFrameLocks = new WeakMap<Browser, Promise<unknown>>();
const BEGIN_FRAME_LOCK_TIMEOUT_MS = 10_000;

function serialisePerBrowser<T>(browser: Browser, fn: () => Promise<T>): Promise<T> {
  const prev = beginFrameLocks.get(browser) ?? Promise.resolve();
  const run = prev.then(fn);
  let timer: NodeJS.Timeout | undefined;
  const released = Promise.race([
    run,
    new Promise((resolve) => (timer = setTimeout(resolve, BEGIN_FRAME_LOCK_TIMEOUT_MS))),
  ])
    .catch(() => undefined)
    .finally(() => clearTimeout(timer));
  beginFrameLocks.set(browser, released);
  return run;
}

function screenshotGrabber(session: CDPSession, opts: FrameGrabberOptions, dispose: () => Promise<void>): FrameGrabber {
  const png = opts.format === 'png';
  const params = {
    format: png ? ('png' as const) : ('jpeg' as const),
    quality: png ? undefined : opts.jpegQuality,
    optimizeForSpeed: true,
    fromSurface: true,
    captureBeyondViewport: false,
    clip: { x: 0, y: 0, width: opts.width, height: opts.height, scale: 1 },
  };
  return {
    prime: async () => undefined,
    grab: async () => Buffer.from((await session.send('Page.captureScreenshot', params)).data, 'base64'),
    dispose,
  };
}

function beginFrameGrabber(
  session: CDPSession,
  browser: Browser,
  opts: FrameGrabberOptions,
  dispose: () => Promise<void>,
): FrameGrabber {
  const interval = 1000 / opts.fps;
  const screenshot = opts.format === 'png'
    ? { format: 'png' as const, optimizeForSpeed: true }
    : { format: 'jpeg' as const, quality: opts.jpegQuality, optimizeForSpeed: true };
  let last: Buffer | null = null;
  const beginFrame = async (): Promise<Buffer | null> => {
    const res = await serialisePerBrowser(browser, () =>
      session.send('HeadlessExperimental.beginFrame', { interval, noDisplayUpdates: false, screenshot }),
    );
    return res.screenshotData ? Buffer.from(res.screenshotData, 'base64') : null;
  };
  return {
    prime: async () => {
      // enable/disable are deprecated no-ops on recent builds; harmless where they still exist.
      await session.send('HeadlessExperimental.enable').catch(() => undefined);
      for (let i = 0; i < PRIME_ATTEMPTS; i++) {
        if ((last = await beginFrame())) return;
      }
      throw new RenderFailure('browser_crashed', 'begin-frame: compositor never produced a frame', true);
    },
    grab: async () => {
      // Chromium may omit screenshotData for a frame without damage; the picture is then the previous one.
      for (let i = 0; i < MISSING_FRAME_RETRIES; i++) {
        const buf = await beginFrame();
        if (buf) return (last = buf);
      }
      if (!last) throw new RenderFailure('browser_crashed', 'begin-frame: no frame data', true);
      return last;
    },
    dispose,
  };
}
