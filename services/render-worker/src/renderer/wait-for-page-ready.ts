import type { Page } from 'puppeteer';

export interface PageReadiness {
  /** URLs (truncated) of <img> elements and CSS background images that failed to decode. */
  brokenImages: string[];
}

/**
 * Runs in the page after `load`: waits for web fonts, decodes every <img> (lazy ones are made eager, or decode()
 * would wait for a scroll that never comes) and every CSS background image of elements and their ::before/::after,
 * then applies shrink-to-fit (fit-text-script.ts), which needs final font metrics. `load` alone is not enough:
 * fonts and images can finish loading while their decode or layout is still pending, leaving blank boxes.
 */
const READY_SCRIPT = `(async () => {
  const broken = [];
  await document.fonts.ready;
  const imgs = Array.from(document.images);
  for (const img of imgs) if (img.loading === 'lazy') img.loading = 'eager';
  await Promise.all(imgs.map(async (img) => {
    const src = img.currentSrc || img.src;
    if (!src) return;
    try { await img.decode(); } catch { broken.push(src.slice(0, 200)); }
  }));
  const urls = new Set();
  const re = /url\\(\\s*(['"]?)(.*?)\\1\\s*\\)/g;
  for (const el of document.querySelectorAll('*')) {
    for (const pseudo of [null, '::before', '::after']) {
      const bg = getComputedStyle(el, pseudo).backgroundImage;
      if (bg && bg !== 'none') for (const m of bg.matchAll(re)) urls.add(m[2]);
    }
  }
  await Promise.all(Array.from(urls).map(async (u) => {
    const im = new Image();
    im.src = u;
    try { await im.decode(); } catch { broken.push(u.slice(0, 200)); }
  }));
  if (typeof window.__rpFit === 'function') window.__rpFit();
  await document.fonts.ready;
  return broken;
})()`;

export async function waitForPageReady(page: Page): Promise<PageReadiness> {
  const brokenImages = (await page.evaluate(READY_SCRIPT)) as string[];
  return { brokenImages: Array.isArray(brokenImages) ? brokenImages : [] };
}
