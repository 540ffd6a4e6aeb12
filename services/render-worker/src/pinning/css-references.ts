import { pinnableUrl, type PinnedKind } from '@rp/workflow-safe';

export interface Reference {
  url: string;
  kind: PinnedKind;
}

const COMMENT = /\/\*[\s\S]*?\*\//g;
/** `@import url(x)`, `@import "x"`, `@import 'x'` (media queries after it are kept by the browser, not by us). */
const IMPORT = /@import\s+(?:url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s'"]*))\s*\)|"([^"]*)"|'([^']*)')[^;]*;?/gi;
const FONT_FACE = /@font-face\s*\{[^}]*\}/gi;
const URL_TOKEN = /url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s'"]*))\s*\)/gi;

function urlsIn(css: string, base: string | undefined, kind: PinnedKind, out: Reference[]): void {
  for (const m of css.matchAll(URL_TOKEN)) {
    const raw = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    // url("") and fragments (#id, an SVG filter) are ignored by a browser; so are they here
    if (!raw || raw.startsWith('#')) continue;
    const url = pinnableUrl(raw, base);
    if (url) out.push({ url, kind });
  }
}

/**
 * The remote resources one stylesheet loads, as absolute URLs resolved against `base` (the stylesheet's own URL;
 * none for a `<style>` of the template, whose relative URLs a browser cannot resolve either): its @imports
 * (stylesheets), the url()s of its @font-face rules (fonts) and every other url() (images). data:, asset:// and
 * other schemes are not remote and are left to the render's own rules.
 */
export function cssReferences(css: string, base?: string): Reference[] {
  const out: Reference[] = [];
  let rest = css.replace(COMMENT, '').replace(IMPORT, (_m, a?: string, b?: string, c?: string, d?: string, e?: string) => {
    const url = pinnableUrl((a ?? b ?? c ?? d ?? e ?? '').trim(), base);
    if (url) out.push({ url, kind: 'stylesheet' });
    return '';
  });
  rest = rest.replace(FONT_FACE, (block) => {
    urlsIn(block, base, 'font', out);
    return '';
  });
  urlsIn(rest, base, 'image', out);
  return out;
}
