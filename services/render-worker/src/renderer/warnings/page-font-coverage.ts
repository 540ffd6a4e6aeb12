import type { Page } from 'puppeteer';
import { missingGlyphs, type Coverage } from './font-coverage';
import { fontBytesCoverage, unionCoverage } from './font-file-coverage';
import type { LayoutFacts } from './layout-facts-script';

/** Fonts read per render at most: a template with more @font-face files is judged by its first ones. */
const MAX_FONTS = 10;

/*
 * Runs in the page: the bytes of its @font-face files, base64, '' for one that cannot be read. Fetched again from
 * the page, through the same request guard as the render (asset:// from the org's assets, http(s) through the SSRF
 * guard): Chromium keeps no copy the DevTools protocol can hand out for a response the guard fulfilled.
 */
const READ_FONTS_FN = `async function (urls) {
  return Promise.all(urls.map(function (u) {
    return fetch(u).then(function (r) { return r.ok ? r.arrayBuffer() : new ArrayBuffer(0); }).then(function (buf) {
      var bytes = new Uint8Array(buf), s = '';
      for (var i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
      return btoa(s);
    }).catch(function () { return ''; });
  }));
}`;

/**
 * Glyph coverage for a laid-out page: the installed fonts, plus the page's own `@font-face` files (uploaded fonts)
 * when they matter, i.e. only when some placeholder text has characters the installed fonts lack. The common case
 * (no such character) costs nothing more than the installed coverage.
 */
export async function pageCoverage(page: Page, facts: LayoutFacts, installed: Coverage | null): Promise<Coverage | null> {
  const urls = [...new Set(facts.fontUrls ?? [])].slice(0, MAX_FONTS);
  if (!installed || urls.length === 0) return installed;
  if (!facts.texts.some((t) => missingGlyphs(t.text, installed).length > 0)) return installed;
  const encoded = (await page.evaluate(`(${READ_FONTS_FN})(${JSON.stringify(urls)})`).catch(() => [])) as string[];
  const uploaded = await Promise.all(encoded.map((b64) => (b64 ? fontBytesCoverage(Buffer.from(b64, 'base64')) : null)));
  return unionCoverage([installed, ...uploaded]);
}
