import { pageSession, type BrowserPool } from '@rp/render-worker/renderer';

export interface RawRenderStats {
  n: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  /** Sequential throughput of one caller: n / wall time (includes waiting for the page reset between renders). */
  rendersPerSec: number;
  /** Mean of the screenshot (capture + PNG encode) alone. */
  captureMeanMs: number;
}

/**
 * Baseline for the bench harness, the floor #14 defines: a warm page, setContent of the document, fonts ready, a
 * fast-PNG capture plus a 320 px JPEG thumbnail (`thumbnailWidth: 0` leaves the thumbnail out). None of
 * captureImage's guard, readiness checks or re-encoding: the gap between this and the full pipeline is the cost of
 * our safety, readiness and size work.
 */
export async function benchRawRender(
  pool: BrowserPool,
  fixtureDocument: string,
  n: number,
  opts: { width?: number; height?: number; warmup?: number; thumbnailWidth?: number; orgOf?: (i: number) => string } = {},
): Promise<RawRenderStats> {
  const { width = 1080, height = 1080, warmup = 3, thumbnailWidth = 320, orgOf = () => 'bench' } = opts;
  let calls = 0;
  const once = () =>
    pool.withPage(async (page) => {
      const started = performance.now();
      await page.setViewport({ width, height, deviceScaleFactor: 1 });
      await page.setContent(fixtureDocument, { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready.then(() => true)');
      const session = await pageSession(page);
      const captureStarted = performance.now();
      await session.send('Page.captureScreenshot', { format: 'png', clip: { x: 0, y: 0, width, height, scale: 1 }, optimizeForSpeed: true });
      if (thumbnailWidth > 0) {
        const clip = { x: 0, y: 0, width, height, scale: thumbnailWidth / width };
        await session.send('Page.captureScreenshot', { format: 'jpeg', quality: 80, clip, optimizeForSpeed: true });
      }
      const done = performance.now();
      return { total: done - started, capture: done - captureStarted };
    }, { orgId: orgOf(calls++) });
  for (let i = 0; i < warmup; i++) await once();
  const totals: number[] = [];
  const captures: number[] = [];
  const wallStart = performance.now();
  for (let i = 0; i < n; i++) {
    const r = await once();
    totals.push(r.total);
    captures.push(r.capture);
  }
  const wallMs = performance.now() - wallStart;
  const sorted = [...totals].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    n,
    meanMs: round(mean(totals)),
    p50Ms: round(pct(50)),
    p95Ms: round(pct(95)),
    rendersPerSec: round(n > 0 ? n / (wallMs / 1000) : 0),
    captureMeanMs: round(mean(captures)),
  };
}

/** Size of Chromium's default PNG (full zlib effort, no optimizeForSpeed) of the document: #14's PNG size yardstick. */
export async function chromiumDefaultPngBytes(pool: BrowserPool, document: string, width: number, height: number): Promise<number> {
  return pool.withPage(async (page) => {
    await page.setViewport({ width, height, deviceScaleFactor: 1 });
    await page.setContent(document, { waitUntil: 'load' });
    await page.evaluate('document.fonts.ready.then(() => true)');
    const session = await pageSession(page);
    const { data } = await session.send('Page.captureScreenshot', { format: 'png', clip: { x: 0, y: 0, width, height, scale: 1 } });
    return Buffer.from(data, 'base64').length;
  }, { orgId: 'bench' });
}
