import { cssImports, cssUrls } from '@rp/engine-gate';
import { pinnableUrl, type PinnedKind } from '@rp/workflow-safe';

export interface Reference {
  url: string;
  kind: PinnedKind;
}

const COMMENT = /\/\*[\s\S]*?\*\//g;
const FONT_FACE = /@font-face\s*\{[^}]*\}/gi;

function urlsIn(css: string, base: string | undefined, kind: PinnedKind, out: Reference[]): void {
  for (const { url: raw } of cssUrls(css)) {
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
  // media queries after an @import are kept by the browser, not by us
  let rest = css.replace(COMMENT, '');
  for (const i of cssImports(rest).reverse()) {
    const url = pinnableUrl(i.url, base);
    if (url) out.unshift({ url, kind: 'stylesheet' });
    rest = rest.slice(0, i.start) + rest.slice(i.end);
  }
  rest = rest.replace(FONT_FACE, (block) => {
    urlsIn(block, base, 'font', out);
    return '';
  });
  urlsIn(rest, base, 'image', out);
  return out;
}
