import type { Page } from 'puppeteer';
import type { ImageOutputFormat } from '@rp/workflow-safe';
import { MAX_CANVAS_EDGE } from '../../../compose-document';
import { pageSession } from '../pages/page-session';
import { offlineRequestGuard, type GuardedPage, type RequestGuard } from '../../../request-guard';
import { RenderFailure, type BrowserPool } from '../../../types';
import { waitForPageReady } from '../pages/wait-for-page-ready';
import { encodeOutputs } from '../../../encode-outputs';
import { MAX_WARNINGS_PER_RENDER, type RenderWarning } from '@rp/workflow-safe';
import { resourceVerdict } from '../../../resource-verdict';
import { holdAnimations } from '../pages/hold-animations';
import { warningsOf } from '../../../warnings/collect-warnings';
import type { PlaceholderKinds } from '../../../warnings/layout-facts-script';
import { recordAssetHashes, type FetchedAsset } from '../../../warnings/asset-hash-recorder';
import { browserVersionOf } from '../pool/browser-version';

export type ImageFormat = ImageOutputFormat;

export interface CaptureImageOptions {
  /** Full HTML document, normally from composeDocument. */
  document: string;
  width: number;
  height: number;
  format: ImageFormat;
  /** Cap on the whole render once a page is assigned (load, scripts, fonts, images, capture). Queue time is not counted. */
  timeoutMs: number;
  /**
   * Network policy, built by its caller (the activities: activities/request-guard-for.ts). Without one the page gets
   * no network at all (only data:, blob:, about:).
   */
  guard?: RequestGuard;
  /** The org rendering: its page never shares browser state with another org's (browser-pool.ts). */
  orgId: string;
  /** Cancels the render, also while it waits for a page. */
  signal?: AbortSignal;
  /** jpeg/webp quality, 1-100 (default 90). */
  quality?: number;
  /** Keep the page background transparent (png/webp only). */
  transparent?: boolean;
  /** Thumbnail width in px (default 320); smaller images keep their size. */
  thumbnailWidth?: number;
  /** Collect preflight warnings after layout (read in the readiness evaluate, wait-for-page-ready.ts) for these placeholders. */
  warnFor?: PlaceholderKinds;
}

export interface CapturedImage {
  image: Buffer;
  /** JPEG, at most thumbnailWidth wide, same aspect ratio. */
  thumbnail: Buffer;
  width: number;
  height: number;
  format: ImageFormat;
  /**
   * Warnings of the laid-out page: the template's own resources the render went on without (a hidden image, a font
   * that fell through), and with `warnFor` the preflight rules'. Absent when neither has anything to say.
   */
  warnings?: RenderWarning[];
  /** sha256 of every asset the page fetched, sorted by URL (provenance). */
  assets: FetchedAsset[];
  /** The Chromium version that rendered it (provenance), null if the browser did not say. */
  browserVersion: string | null;
}

const FORMATS = new Set<ImageFormat>(['png', 'jpeg', 'webp', 'pdf']);

/**
 * Renders one document to an image on a warm pool page: viewport = canvas (deviceScaleFactor 1), setContent with
 * every animation held at its start (hold-animations.ts: the same document gives the same pixels), wait for
 * fonts/images (wait-for-page-ready.ts), then one capture straight over CDP (and for a PDF the printed page); once
 * the page is back in the pool, the stored image and the thumbnail are encoded from that capture.
 * A timeout aborts the pool call, which interrupts and replaces the page, so `while(true){}` in a template costs
 * one page, not a worker. Every failure surfaces as a RenderFailure.
 */
export async function captureImage(pool: BrowserPool, opts: CaptureImageOptions): Promise<CapturedImage> {
  const { width, height, format, timeoutMs } = opts;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_CANVAS_EDGE || height > MAX_CANVAS_EDGE) {
    throw new RenderFailure('template_invalid', `canvas must be 1-${MAX_CANVAS_EDGE} px wide and high, got ${width}x${height}`);
  }
  if (!FORMATS.has(format)) throw new RenderFailure('template_invalid', `unsupported image format '${String(format)}'`);
  if (!(timeoutMs > 0)) throw new RenderFailure('template_invalid', 'timeoutMs must be positive');

  const deadline = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline.signal]) : deadline.signal;
  let timer: NodeJS.Timeout | undefined;
  let shot: Capture & { assets: FetchedAsset[]; browserVersion: string | null };
  try {
    shot = await pool.withPage(
      async (page) => {
        timer = setTimeout(() => deadline.abort(new RenderFailure('render_timeout', `render did not finish within ${timeoutMs} ms`)), timeoutMs);
        const guarded = await (opts.guard ?? offlineRequestGuard).install(page);
        const hashes = recordAssetHashes(page);
        try {
          const capture = await renderOnPage(page, guarded, opts);
          return { ...capture, assets: await hashes.stop(), browserVersion: await browserVersionOf(page) };
        } finally {
          void hashes.stop(); // idempotent; on a failed render nobody waits for the hashes
          await guarded.uninstall();
        }
      },
      { orgId: opts.orgId, signal },
    );
  } catch (err) {
    throw toRenderFailure(err);
  } finally {
    clearTimeout(timer);
  }
  // encoded off the page: the page goes back to the pool while libvips works
  const encoded = await encodeOutputs(shot.captured, format === 'pdf' ? 'jpeg' : format, opts.thumbnailWidth ?? 320).catch((err: Error) => {
    throw new RenderFailure('encode_failed', `encoding the captured image failed: ${err.message}`, true);
  });
  return { image: shot.pdf ?? encoded.image, thumbnail: encoded.thumbnail, width, height, format, warnings: shot.warnings, assets: shot.assets,
    browserVersion: shot.browserVersion };
}

/** What leaves the page: one capture, and for a PDF the printed page. */
interface Capture {
  captured: Buffer;
  pdf?: Buffer;
  warnings?: RenderWarning[];
}

async function renderOnPage(page: Page, guarded: GuardedPage, opts: CaptureImageOptions): Promise<Capture> {
  const { width, height, format, timeoutMs } = opts;
  // A blocked or missing resource settles `failed` at once: stop waiting for load instead of running into the timeout.
  const orFail = <T>(p: Promise<T>): Promise<T> =>
    Promise.race([p, guarded.failed.then((f): never => { throw f; })]);

  const vp = page.viewport();
  // re-emulating an unchanged viewport still costs a round trip and a relayout
  if (vp?.width !== width || vp.height !== height || vp.deviceScaleFactor !== 1 || vp.isMobile) {
    await page.setViewport({ width, height, deviceScaleFactor: 1 });
  }
  try {
    await orFail(page.setContent(holdAnimations(opts.document), { waitUntil: 'load', timeout: timeoutMs }));
  } catch (err) {
    if (err instanceof RenderFailure) throw err;
    if ((err as Error).name === 'TimeoutError') throw new RenderFailure('render_timeout', `page did not load within ${timeoutMs} ms`);
    throw err;
  }
  // the warnings' layout facts come back with readiness: after fit and decode, the boxes the image shows
  const readiness = await orFail(waitForPageReady(page, { factsFor: opts.warnFor, required: guarded.required, holdAnimations: true }));
  const verdict = resourceVerdict(readiness, guarded);
  if (verdict.failure) throw verdict.failure;
  // warnings never fail the render; their rules run in Node while the page captures
  const warnings = warningsWith(verdict.warnings, opts.warnFor ? warningsOf(page, readiness.facts).catch(() => undefined) : undefined);

  const session = await pageSession(page);
  const clip = { x: 0, y: 0, width, height, scale: 1 };
  // a PDF is printed as vectors; its capture only feeds the thumbnail
  const shotFormat = format === 'pdf' ? 'jpeg' : format;
  const quality = format === 'png' ? undefined : Math.min(100, Math.max(1, Math.round(format === 'pdf' ? 90 : (opts.quality ?? 90))));
  const transparent = opts.transparent === true && (format === 'png' || format === 'webp');
  if (transparent) await session.send('Emulation.setDefaultBackgroundColorOverride', { color: { r: 0, g: 0, b: 0, a: 0 } });
  try {
    // one rasterisation: the stored image and the thumbnail both come from these pixels (encode-outputs.ts)
    const shot = await session
      .send('Page.captureScreenshot', { format: shotFormat, quality, clip, optimizeForSpeed: true, captureBeyondViewport: false })
      .catch((err: Error) => {
        if (page.isClosed() || /Target closed|Session closed/i.test(err.message)) throw err;
        throw new RenderFailure('encode_failed', `screenshot failed: ${err.message}`, true);
      });
    const pdf = format === 'pdf' ? Buffer.from(await printPdf(page, width, height, timeoutMs), 'base64') : undefined;
    // a load that failed meanwhile: refused, or an image nobody judged hidden
    const late = resourceVerdict(readiness, guarded).failure;
    if (late) throw late;
    const captured = Buffer.from(shot.data, 'base64');
    if (captured.length === 0 || pdf?.length === 0) throw new RenderFailure('encode_failed', 'screenshot was empty', true);
    return { captured, pdf, warnings: await warnings };
  } finally {
    if (transparent) await session.send('Emulation.setDefaultBackgroundColorOverride', {}).catch(() => undefined);
  }
}

/** The resource warnings first, then the layout's; undefined when there are none and no layout rules ran. */
async function warningsWith(resources: RenderWarning[], layout: Promise<RenderWarning[] | undefined> | undefined): Promise<RenderWarning[] | undefined> {
  const laidOut = await layout;
  if (!laidOut && resources.length === 0) return undefined;
  return [...resources, ...(laidOut ?? [])].slice(0, MAX_WARNINGS_PER_RENDER);
}

/**
 * One vector page of exactly the canvas size (CSS px at 96 dpi, so 1 px = 0.75 pt), backgrounds printed, laid out
 * with screen media like the image formats: a template looks the same as PNG and as PDF, and its text stays text.
 */
async function printPdf(page: Page, width: number, height: number, timeoutMs: number): Promise<string> {
  await page.emulateMediaType('screen');
  try {
    const pdf = await page.pdf({
      width: `${width}px`,
      height: `${height}px`,
      printBackground: true,
      margin: { top: 0, right: 0, bottom: 0, left: 0 },
      pageRanges: '1',
      timeout: timeoutMs,
    });
    return Buffer.from(pdf).toString('base64');
  } finally {
    await page.emulateMediaType().catch(() => undefined);
  }
}

function toRenderFailure(err: unknown): RenderFailure {
  if (err instanceof RenderFailure) return err;
  const e = err as Error;
  if (e?.name === 'TimeoutError') return new RenderFailure('render_timeout', e.message);
  return new RenderFailure('browser_crashed', `unexpected renderer error: ${e?.message ?? String(err)}`, true);
}
