import { cssUrls } from '@rp/engine-gate';

const FONT_FACE = /@font-face\s*\{([^}]*)\}/gi;

export interface FontFaceRule {
  family: string;
  /** The first url() of `src`. */
  src: string;
  weight?: number;
  style?: string;
}

/**
 * The block's declarations by lower-case property, split at `;` outside quotes and parentheses, so a
 * `url(data:font/woff2;base64,...)` stays one value.
 */
function declarations(block: string): Map<string, string> {
  const out = new Map<string, string>();
  let depth = 0;
  let quote = '';
  let start = 0;
  const take = (end: number) => {
    const decl = block.slice(start, end);
    const colon = decl.indexOf(':');
    if (colon > 0) out.set(decl.slice(0, colon).trim().toLowerCase(), decl.slice(colon + 1).trim());
    start = end + 1;
  };
  for (let i = 0; i < block.length; i++) {
    const c = block[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) take(i);
  }
  take(block.length);
  return out;
}

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
    const decls = declarations(block);
    const family = decls.get('font-family');
    const src = cssUrls(decls.get('src') ?? '').find((u) => u.url)?.url;
    if (family && src) {
      const weight = Number.parseInt(decls.get('font-weight') ?? '', 10);
      const style = decls.get('font-style');
      rules.push({ family: unquote(family), src, ...(Number.isFinite(weight) ? { weight } : {}), ...(style ? { style } : {}) });
    }
    return '';
  });
  return { rules, rest };
}
