import type { Page } from 'puppeteer';
import { RenderFailure } from './types';
import { layoutFactsScript, type LayoutFacts, type PlaceholderKinds } from './warnings/layout-facts-script';

export interface PageReadiness {
  /** URLs (truncated) of <img> elements and CSS background images that failed to decode. */
  brokenImages: string[];
  /** Families of @font-face rules whose font failed to load or was refused by the font sanitizer. */
  brokenFonts: string[];
  /** The preflight warnings' layout facts, read in the same evaluate; null when not asked for or the read failed. */
  facts: LayoutFacts | null;
}

/**
 * Runs in the page after `load`: waits for web fonts, decodes every <img> (lazy ones are made eager, or decode()
 * would wait for a scroll that never comes) and every CSS background image of elements and their ::before/::after,
 * then applies shrink-to-fit (fit-text-script.ts), which needs final font metrics. `load` alone is not enough:
 * fonts and images can finish loading while their decode or layout is still pending, leaving blank boxes.
 */
const readyScript = (factsFor?: PlaceholderKinds) => `(async () => {
  const broken = [];
  void document.body.offsetHeight;
  await document.fonts.ready;
  const imgs = Array.from(document.images);
  for (const img of imgs) if (img.loading === 'lazy') img.loading = 'eager';
  await Promise.all(imgs.map(async (img) => {
    const src = img.currentSrc || img.src;
    if (!src) return;
    try { await img.decode(); } catch { broken.push(src.slice(0, 200) || '<img> without a source'); }
  }));
  const urls = new Set();
  const re = /url\\(\\s*(['"]?)(.*?)\\1\\s*\\)/g;
  for (const el of document.querySelectorAll('*')) {
    for (const pseudo of [null, '::before', '::after']) {
      const bg = getComputedStyle(el, pseudo).backgroundImage;
      // url("") is an image a browser never draws (it names the page itself): nothing to wait for
      if (bg && bg !== 'none') for (const m of bg.matchAll(re)) if (m[2].trim()) urls.add(m[2]);
    }
  }
  await Promise.all(Array.from(urls).map(async (u) => {
    const im = new Image();
    im.src = u;
    try { await im.decode(); } catch { broken.push(u.slice(0, 200) || 'a CSS background image without a URL'); }
  }));
  if (typeof window.__rpFit === 'function') window.__rpFit();
  await document.fonts.ready;
  const fonts = [];
  document.fonts.forEach((f) => { if (f.status === 'error') fonts.push(f.family.slice(0, 100)); });
  let facts = null;
  ${factsFor ? `try { facts = ${layoutFactsScript(factsFor)}; } catch (e) { facts = null; }` : ''}
  return { broken, fonts, facts };
})()`;

/**
 * Layout is forced first so every face the text uses has started loading before `document.fonts.ready` is awaited:
 * a capture never shows a fallback face while the real one is still on its way. A face that ends in `error` (missing,
 * refused by the sanitizer) is reported, and the caller fails the render rather than capture the fallback.
 * `factsFor` adds the preflight warnings' layout read at the end of the same evaluate (after fit, fonts and decode,
 * so it sees the boxes the capture shows): a second evaluate cost the render a CDP round trip on its critical path.
 */
export async function waitForPageReady(page: Page, factsFor?: PlaceholderKinds): Promise<PageReadiness> {
  const out = (await page.evaluate(readyScript(factsFor))) as { broken?: unknown; fonts?: unknown; facts?: LayoutFacts | null } | null;
  const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
  return { brokenImages: list(out?.broken), brokenFonts: list(out?.fonts), facts: out?.facts ?? null };
}

/** The RenderFailure a page that is not ready ends with, or null when it is (shared by image and video capture). */
export function readinessFailure({ brokenImages, brokenFonts }: PageReadiness): RenderFailure | null {
  if (brokenFonts.length > 0) return new RenderFailure('font_load_failed', `font could not be loaded: ${brokenFonts[0]}`);
  if (brokenImages.length > 0) return new RenderFailure('asset_unreachable', `image could not be loaded or decoded: ${brokenImages[0]}`);
  return null;
}
