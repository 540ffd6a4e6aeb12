import { captureImage } from './capture-image';
import type { BrowserPool } from '../../../types';
import type { EngineRenderInput, EngineRenderOutput, ImageEngine } from '../../image-engine';

/**
 * Chromium behind the seam: captureImage on a warm pool page with the request guard built from the input's assets.
 * The browser's version comes from the page that rendered (read once per browser, browser-version.ts) and is
 * recorded with every render.
 */
export function createChromiumEngine(pool: BrowserPool): ImageEngine {
  return {
    name: 'chromium',
    async render(input: EngineRenderInput, signal?: AbortSignal): Promise<EngineRenderOutput> {
      const { assets, browserVersion, ...out } = await captureImage(pool, {
        document: input.document,
        width: input.width,
        height: input.height,
        format: input.format,
        quality: input.quality,
        timeoutMs: input.timeoutMs,
        guard: input.assets.guard,
        orgId: input.orgId,
        transparent: input.transparent,
        thumbnailWidth: input.thumbnailWidth || undefined,
        warnFor: input.warnFor,
        signal,
      });
      return { ...out, fetchedAssets: assets, engine: 'chromium', engineVersion: browserVersion ? `chromium ${browserVersion}` : 'chromium' };
    },
  };
}

const byPool = new WeakMap<BrowserPool, ImageEngine>();

/** One Chromium engine per pool, made on first use. */
export function chromiumEngineFor(pool: BrowserPool): ImageEngine {
  let engine = byPool.get(pool);
  if (!engine) byPool.set(pool, (engine = createChromiumEngine(pool)));
  return engine;
}
