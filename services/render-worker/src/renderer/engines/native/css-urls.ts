/** A CSS `url(...)` token: quoted either way or bare. */
const URL_TOKEN = /url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s'"]*))\s*\)/gi;
const FONT_FACE = /@font-face\s*\{([^}]*)\}/gi;

/** Every `url(...)` in a stylesheet or declaration value, as written (the key the engine looks the bytes up by). */
export function cssUrls(css: string): string[] {
  const out: string[] = [];
  for (const m of css.matchAll(URL_TOKEN)) {
    const url = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (url) out.push(url);
  }
  return out;
}

export interface FontFaceRule {
  family: string;
  /** The first url() of `src`. */
  src: string;
  weight?: number;
  style?: string;
}

const declaration = (block: string, prop: string): string | undefined =>
  new RegExp(`(?:^|;)\\s*${prop}\\s*:\\s*([^;]+)`, 'i').exec(block)?.[1]?.trim();

const unquote = (s: string) => s.replace(/^(['"])(.*)\1$/, '$2').trim();

/**
 * The `@font-face` rules of a stylesheet (an uploaded font is declared this way, docs/templates.md), and the
 * stylesheet without them. takumi does not load fonts from CSS: the engine fetches each src through the guard and
 * registers the bytes under the rule's family, weight and style. A rule without family or url is dropped, as a
 * browser drops it.
 */
export function extractFontFaces(css: string): { rules: FontFaceRule[]; rest: string } {
  const rules: FontFaceRule[] = [];
  const rest = css.replace(FONT_FACE, (_m, block: string) => {
    const family = declaration(block, 'font-family');
    const src = cssUrls(declaration(block, 'src') ?? '')[0];
    if (family && src) {
      const weight = Number.parseInt(declaration(block, 'font-weight') ?? '', 10);
      const style = declaration(block, 'font-style');
      rules.push({ family: unquote(family), src, ...(Number.isFinite(weight) ? { weight } : {}), ...(style ? { style } : {}) });
    }
    return '';
  });
  return { rules, rest };
}

const EMPTY_URL = /url\(\s*(?:""|''|)\s*\)/gi;

/**
 * A value with each empty `url()` replaced by `none`: `url("")` names the page itself, which a browser never draws
 * as an image (it keeps the rest of the declaration: `background: #fff url("")` is white), while takumi fails the
 * render on an image it cannot load.
 */
export function dropEmptyUrls(css: string): string {
  return css.replace(EMPTY_URL, 'none');
}
