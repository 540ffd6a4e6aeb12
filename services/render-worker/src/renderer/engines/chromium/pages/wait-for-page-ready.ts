import type { Page } from 'puppeteer';
import { layoutFactsScript, type LayoutFacts, type PlaceholderKinds } from '../../../warnings/layout-facts-script';
import { HOLD_ANIMATIONS_SCRIPT } from './hold-animations';

/** An image of the page (an <img> or a CSS background) that did not load or decode, and whether the page shows it. */
export interface BrokenImage {
  /** The URL as the page resolved it (at most 2048 characters). */
  url: string;
  /**
   * Drawn by an element that has a box on the canvas (not `display:none` on it or an ancestor, not
   * `visibility:hidden`, not a zero-size box), or required by the render (a modification's image): the render fails.
   */
  shown: boolean;
  /** The placeholder of the element that uses it (its own or its nearest ancestor's `data-placeholder`), or null. */
  placeholder: string | null;
}

export interface PageReadiness {
  brokenImages: BrokenImage[];
  /** Families of @font-face rules whose font failed to load or was refused by the font sanitizer. */
  brokenFonts: string[];
  /** The preflight warnings' layout facts, read in the same evaluate; null when not asked for or the read failed. */
  facts: LayoutFacts | null;
}

export interface ReadyOptions {
  /** Read the preflight warnings' layout facts for these placeholders. */
  factsFor?: PlaceholderKinds;
  /** URLs (without fragment) that count as shown wherever they are: a render's modification images. */
  required?: ReadonlySet<string>;
  /** Hold every animation at its start first (an image's capture instant; video frames run on the virtual clock). */
  holdAnimations?: boolean;
}

/**
 * Runs in the page after `load`: for an image, holds every animation at its start (hold-animations.ts); waits for web fonts,
 * decodes every <img> (lazy ones are made eager, or decode() would wait for a scroll that never comes) and every CSS
 * background image of elements and their ::before/::after, then applies shrink-to-fit (fit-text-script.ts), which
 * needs final font metrics. `load` alone is not enough: fonts and images can finish loading while their decode or
 * layout is still pending, leaving blank boxes. An image that fails is judged at the end, on the final layout: shown
 * or hidden, as the capture will draw it.
 */
const readyScript = ({ factsFor, required, holdAnimations }: ReadyOptions) => `(async () => {
  ${holdAnimations ? HOLD_ANIMATIONS_SCRIPT : ''}
  const required = new Set(${JSON.stringify([...(required ?? [])])});
  const failed = new Map();
  const fail = (url, on) => (failed.get(url) || failed.set(url, []).get(url)).push(...on);
  void document.body.offsetHeight;
  await document.fonts.ready;
  const imgs = Array.from(document.images);
  for (const img of imgs) if (img.loading === 'lazy') img.loading = 'eager';
  await Promise.all(imgs.map(async (img) => {
    const src = img.currentSrc || img.src;
    if (!src) return;
    try { await img.decode(); } catch { fail(src, [[img, null]]); }
  }));
  const uses = new Map();
  const re = /url\\(\\s*(['"]?)(.*?)\\1\\s*\\)/g;
  for (const el of document.querySelectorAll('*')) {
    for (const pseudo of [null, '::before', '::after']) {
      const bg = getComputedStyle(el, pseudo).backgroundImage;
      // url("") is an image a browser never draws (it names the page itself): nothing to wait for
      if (bg && bg !== 'none') for (const m of bg.matchAll(re)) if (m[2].trim()) (uses.get(m[2]) || uses.set(m[2], []).get(m[2])).push([el, pseudo]);
    }
  }
  await Promise.all(Array.from(uses.keys()).map(async (u) => {
    const im = new Image();
    im.src = u;
    try { await im.decode(); } catch { fail(u, uses.get(u)); }
  }));
  if (typeof window.__rpFit === 'function') window.__rpFit();
  await document.fonts.ready;
  const fonts = [];
  document.fonts.forEach((f) => { if (f.status === 'error') fonts.push(f.family.slice(0, 100)); });
  const drawn = (el, pseudo) => {
    if (!el.checkVisibility({ visibilityProperty: true })) return false;
    if (pseudo) { const cs = getComputedStyle(el, pseudo); if (cs.display === 'none' || cs.content === 'none' || cs.content === 'normal') return false; }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const hiddenImgs = new Set();
  const broken = Array.from(failed).slice(0, 50).map(([url, on]) => {
    const shown = required.has(url.split('#')[0]) || on.some(([el, pseudo]) => drawn(el, pseudo));
    if (!shown) for (const [el] of on) if (el instanceof HTMLImageElement) hiddenImgs.add(el);
    const owner = on[0][0].closest('[data-placeholder]');
    return { url: url.slice(0, 2048), shown, placeholder: owner ? (owner.getAttribute('data-placeholder') || '').trim() : null };
  });
  let facts = null;
  ${factsFor ? `try { facts = ${layoutFactsScript(factsFor, 'hiddenImgs')}; } catch (e) { facts = null; }` : ''}
  return { broken, fonts, facts };
})()`;

/**
 * Layout is forced first so every face the text uses has started loading before `document.fonts.ready` is awaited:
 * a capture never shows a fallback face while the real one is still on its way. A face that ends in `error` (missing,
 * refused by the sanitizer) is reported; the text already uses the next family of its list, as in any browser.
 * `factsFor` adds the preflight warnings' layout read at the end of the same evaluate (after fit, fonts and decode,
 * so it sees the boxes the capture shows): a second evaluate cost the render a CDP round trip on its critical path.
 * What the render makes of broken images and fonts is resourceVerdict's (resource-verdict.ts).
 */
export async function waitForPageReady(page: Page, opts: ReadyOptions = {}): Promise<PageReadiness> {
  const out = (await page.evaluate(readyScript(opts))) as { broken?: unknown; fonts?: unknown; facts?: LayoutFacts | null } | null;
  const list = <T>(v: unknown) => (Array.isArray(v) ? (v as T[]) : []);
  return { brokenImages: list<BrokenImage>(out?.broken), brokenFonts: list<string>(out?.fonts), facts: out?.facts ?? null };
}
