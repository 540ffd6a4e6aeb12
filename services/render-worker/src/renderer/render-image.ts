import type { Page } from 'puppeteer';
import type { SsrfGuard } from '@rp/net-guard';
import { MAX_CANVAS_EDGE } from './compose-document';
import { pageSession } from './page-session';
import { createRequestGuard, offlineRequestGuard, offlineSsrfGuard, type GuardedPage, type RequestGuard } from './request-guard';
import { RenderFailure, type AssetResolver, type BrowserPool } from './types';
import { readinessFailure, waitForPageReady } from './wait-for-page-ready';

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'pdf';

export interface RenderImageOptions {
  /** Full HTML document, normally from composeDocument. */
  document: string;
  width: number;
  height: number;
  format: ImageFormat;
  /** Cap on the whole render once a page is assigned (load, scripts, fonts, images, capture). Queue time is not counted. */
  timeoutMs: number;
  /**
   * Network policy: either a prepared guard, or the options to build one (ssrfGuard + resolveAsset). With neither,
   * the page gets no network at all (only data:, blob:, about:).
   */
  guard?: RequestGuard;
  ssrfGuard?: SsrfGuard;
  resolveAsset?: AssetResolver;
  /** Cancels the render, also while it waits for a page. */
  signal?: AbortSignal;
  /** jpeg/webp quality, 1-100 (default 90). */
  quality?: number;
  /** Keep the page background transparent (png/webp only). */
  transparent?: boolean;
  /** Thumbnail width in px (default 320); smaller images keep their size. */
  thumbnailWidth?: number;
}

export interface RenderedImage {
  image: Buffer;
  /** JPEG, at most thumbnailWidth wide, same aspect ratio. */
  thumbnail: Buffer;
  width: number;
  height: number;
  format: ImageFormat;
}

const FORMATS = new Set<ImageFormat>(['png', 'jpeg', 'webp', 'pdf']);

/**
 * Renders one document to an image on a warm pool page: viewport = canvas (deviceScaleFactor 1), setContent,
 * wait for fonts/images (wait-for-page-ready.ts), then capture the image and thumbnail in parallel straight
 * over CDP. A timeout aborts the pool call, which interrupts and replaces the page, so `while(true){}` in a
 * template costs one page, not a worker. Every failure surfaces as a RenderFailure.
 */
export async function renderImage(pool: BrowserPool, opts: RenderImageOptions): Promise<RenderedImage> {
  const { width, height, format, timeoutMs } = opts;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_CANVAS_EDGE || height > MAX_CANVAS_EDGE) {
    throw new RenderFailure('template_invalid', `canvas must be 1-${MAX_CANVAS_EDGE} px wide and high, got ${width}x${height}`);
  }
  if (!FORMATS.has(format)) throw new RenderFailure('template_invalid', `unsupported image format '${String(format)}'`);
  if (!(timeoutMs > 0)) throw new RenderFailure('template_invalid', 'timeoutMs must be positive');

  const deadline = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline.signal]) : deadline.signal;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await pool.withPage(
      async (page) => {
        timer = setTimeout(() => deadline.abort(new RenderFailure('render_timeout', `render did not finish within ${timeoutMs} ms`)), timeoutMs);
        const guarded = await pickGuard(opts).install(page);
        try {
          return await renderOnPage(page, guarded, opts);
        } finally {
          await guarded.uninstall();
        }
      },
      { signal },
    );
  } catch (err) {
    throw toRenderFailure(err);
  } finally {
    clearTimeout(timer);
  }
}

async function renderOnPage(page: Page, guarded: GuardedPage, opts: RenderImageOptions): Promise<RenderedImage> {
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
    await orFail(page.setContent(opts.document, { waitUntil: 'load', timeout: timeoutMs }));
  } catch (err) {
    if (err instanceof RenderFailure) throw err;
    if ((err as Error).name === 'TimeoutError') throw new RenderFailure('render_timeout', `page did not load within ${timeoutMs} ms`);
    throw err;
  }
  const readiness = await orFail(waitForPageReady(page));
  if (guarded.failure) throw guarded.failure;
  const notReady = readinessFailure(readiness);
  if (notReady) throw notReady;

  const session = await pageSession(page);
  const clip = { x: 0, y: 0, width, height };
  const thumbScale = Math.min(1, (opts.thumbnailWidth ?? 320) / width);
  const quality = format === 'png' || format === 'pdf' ? undefined : Math.min(100, Math.max(1, Math.round(opts.quality ?? 90)));
  const transparent = opts.transparent === true && (format === 'png' || format === 'webp');
  if (transparent) await session.send('Emulation.setDefaultBackgroundColorOverride', { color: { r: 0, g: 0, b: 0, a: 0 } });
  try {
    // Sequential on purpose: two concurrent captures with different clip scales share one emulation state in
    // Chromium and corrupt each other (the main image came out tiled at the thumbnail scale).
    const capture = async () => {
      const t = await session.send('Page.captureScreenshot', { format: 'jpeg', quality: 80, clip: { ...clip, scale: thumbScale }, optimizeForSpeed: true, captureBeyondViewport: false });
      if (format === 'pdf') return [{ data: await printPdf(page, width, height, timeoutMs) }, t] as const;
      const m = await session.send('Page.captureScreenshot', { format, quality, clip: { ...clip, scale: 1 }, optimizeForSpeed: true, captureBeyondViewport: false });
      return [m, t] as const;
    };
    const [main, thumb] = await capture().catch((err: Error) => {
      if (page.isClosed() || /Target closed|Session closed/i.test(err.message)) throw err;
      throw new RenderFailure('encode_failed', `screenshot failed: ${err.message}`, true);
    });
    if (guarded.failure) throw guarded.failure;
    const image = Buffer.from(main.data, 'base64');
    const thumbnail = Buffer.from(thumb.data, 'base64');
    if (image.length === 0 || thumbnail.length === 0) throw new RenderFailure('encode_failed', 'screenshot was empty', true);
    return { image, thumbnail, width, height, format };
  } finally {
    if (transparent) await session.send('Emulation.setDefaultBackgroundColorOverride', {}).catch(() => undefined);
  }
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

function pickGuard(opts: RenderImageOptions): RequestGuard {
  if (opts.guard) return opts.guard;
  if (opts.ssrfGuard) return createRequestGuard({ ssrfGuard: opts.ssrfGuard, resolveAsset: opts.resolveAsset ?? (async () => null) });
  return opts.resolveAsset ? createRequestGuard({ ssrfGuard: offlineSsrfGuard, resolveAsset: opts.resolveAsset }) : offlineRequestGuard;
}

function toRenderFailure(err: unknown): RenderFailure {
  if (err instanceof RenderFailure) return err;
  const e = err as Error;
  if (e?.name === 'TimeoutError') return new RenderFailure('render_timeout', e.message);
  return new RenderFailure('browser_crashed', `unexpected renderer error: ${e?.message ?? String(err)}`, true);
}
