/**
 * takumi ignores the CSS `font` shorthand (inline or in a stylesheet: the text falls back to the default face and
 * size), while templates use it all the time (`font: bold 80px sans-serif`). It is expanded here into the longhands
 * takumi reads, with the resets the shorthand implies (style, weight and line-height back to normal), following
 * CSS Fonts 4: `[style || variant || weight || stretch]? size[/line-height]? family`. System-font keywords and
 * values it cannot read are left alone (a browser ignores an invalid shorthand too).
 */
export type FontLonghands = Record<'font-style' | 'font-weight' | 'font-size' | 'line-height' | 'font-family', string>;

const SIZE_KEYWORDS = /^(xx-small|x-small|small|medium|large|x-large|xx-large|xxx-large|larger|smaller)$/i;
const LENGTH = /^([+-]?(\d+\.?\d*|\.\d+)(px|em|rem|pt|pc|%|vw|vh|vmin|vmax|ex|ch|cm|mm|in|q|lh)|0|(calc|clamp|min|max|var)\(.*\))$/i;
const STYLES = /^(normal|italic|oblique)$/i;
const WEIGHTS = /^(bold|bolder|lighter|[1-9]\d{0,2}|1000)$/i;
const IGNORED = /^(small-caps|ultra-condensed|extra-condensed|condensed|semi-condensed|semi-expanded|expanded|extra-expanded|ultra-expanded)$/i;

/** Splits on whitespace outside quotes and parentheses, keeping `/` as a token of its own. */
function tokens(value: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote = '';
  let depth = 0;
  for (const ch of value) {
    if (quote) {
      cur += ch;
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      cur += ch;
    } else if (ch === '(' || ch === ')') {
      depth += ch === '(' ? 1 : -1;
      cur += ch;
    } else if (depth === 0 && (/\s/.test(ch) || ch === '/')) {
      if (cur) out.push(cur);
      if (ch === '/') out.push('/');
      cur = '';
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

export function expandFont(value: string): FontLonghands | null {
  const parts = tokens(value.trim());
  const out: FontLonghands = { 'font-style': 'normal', 'font-weight': 'normal', 'font-size': '', 'line-height': 'normal', 'font-family': '' };
  let i = 0;
  for (; i < parts.length; i++) {
    const t = parts[i]!;
    if (LENGTH.test(t) || SIZE_KEYWORDS.test(t)) break;
    if (STYLES.test(t)) out['font-style'] = t;
    else if (WEIGHTS.test(t)) out['font-weight'] = t;
    else if (!IGNORED.test(t)) return null;
  }
  if (i >= parts.length) return null;
  out['font-size'] = parts[i++]!;
  if (parts[i] === '/') {
    if (!parts[i + 1]) return null;
    out['line-height'] = parts[i + 1]!;
    i += 2;
  }
  // the family keeps its own spacing: cut it from the original text after the tokens read so far
  const family = familyAfter(value, parts.slice(0, i));
  if (!family) return null;
  out['font-family'] = family;
  return out;
}

function familyAfter(value: string, consumed: string[]): string {
  let pos = 0;
  for (const t of consumed) pos = value.indexOf(t, pos) + t.length;
  return value.slice(pos).trim();
}

const camel = (p: string) => p.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/** An inline style object (fromHtml's camelCase keys) with `font` expanded where it stands. */
export function expandFontInStyle<T extends Record<string, unknown>>(style: T): T {
  if (typeof style.font !== 'string') return style;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(style)) {
    const longhands = k === 'font' && typeof v === 'string' ? expandFont(v) : null;
    if (longhands) for (const [p, val] of Object.entries(longhands)) out[camel(p)] = val;
    else out[k] = v;
  }
  return out as T;
}

const FONT_DECLARATION = /([;{\s])font\s*:\s*([^;{}]+?)(\s*!important)?\s*(?=[;}])/gi;

/** A stylesheet with every `font:` declaration replaced by its longhands (same position, same !important). */
export function expandFontInCss(css: string): string {
  return css.replace(FONT_DECLARATION, (whole, lead: string, value: string, important: string | undefined) => {
    const longhands = expandFont(value);
    if (!longhands) return whole;
    return lead + Object.entries(longhands).map(([p, v]) => `${p}:${v}${important ? '!important' : ''}`).join(';');
  });
}
