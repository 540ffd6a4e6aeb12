import { renderImage } from '../render-image';
import type { BrowserPool } from '../types';
import type { EngineRenderInput, EngineRenderOutput, ImageEngine } from './image-engine';

/**
 * Today's path behind the seam, unchanged in behaviour: renderImage on a warm pool page with the request guard built
 * from the input's assets. The browser's version is read once per engine (from the first page it lends) and recorded
 * with every render.
 */
export function createChromiumEngine(pool: BrowserPool): ImageEngine {
  let version: Promise<string> | null = null;
  const versionOf = (orgId: string) =>
    (version ??= pool
      .withPage(async (page) => `chromium ${(await page.browser().version()).replace(/^[^/]*\//, '')}`, { orgId })
      .catch(() => {
        version = null; // try again with the next render
        return 'chromium';
      }));
  return {
    name: 'chromium',
    async render(input: EngineRenderInput, signal?: AbortSignal): Promise<EngineRenderOutput> {
      const out = await renderImage(pool, {
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
      // the page already told its browser's version; asking a pool page is the fallback
      const engineVersion = out.browserVersion ? `chromium ${out.browserVersion}` : await versionOf(input.orgId);
      return { ...out, fetchedAssets: out.assets, engine: 'chromium', engineVersion };
    },
  };
}

const byPool = new WeakMap<BrowserPool, ImageEngine>();

/** One Chromium engine per pool, so the browser version is read once per pool. */
export function chromiumEngineFor(pool: BrowserPool): ImageEngine {
  let engine = byPool.get(pool);
  if (!engine) byPool.set(pool, (engine = createChromiumEngine(pool)));
  return engine;
}
