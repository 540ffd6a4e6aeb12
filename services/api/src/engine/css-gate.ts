import postcss, { type Root } from 'postcss';
import { NATIVE_CSS_PROPERTIES, NATIVE_DISPLAY_VALUES, NATIVE_FONT_FAMILIES, NATIVE_FONT_SOURCE } from './native-support';

// at-rules that change what is drawn in ways the native engine does not follow: an external stylesheet and
// animations (Chromium captures them wherever they are when the page is ready)
const UNSUPPORTED_AT_RULES = new Set(['import', 'keyframes', '-webkit-keyframes', 'supports', 'page', 'layer', 'container']);

/** Splits a font-family list into lower-case unquoted names (commas inside quotes stay). */
export function fontFamilies(value: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | null = null;
  for (const ch of value) {
    if (quote) {
      if (ch === quote) quote = null;
      else cur += ch;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((f) => f.trim().replace(/\s+/g, ' ').toLowerCase()).filter(Boolean);
}

const FONT_SIZE = /^[\d.]+(px|pt|pc|em|rem|%|vw|vh|vmin|vmax|ex|ch|cm|mm|in|q)?(\/.*)?$|^(xx-small|x-small|small|medium|large|x-large|xx-large|larger|smaller)(\/.*)?$/i;

/** The families a `font` shorthand names: what follows the size and optional `/line-height` (`700 64px/1.2 Brand, sans-serif`). */
function shorthandFamilies(value: string): string[] {
  const tokens = value.trim().split(/\s+/);
  // a weight like 700 is a number too: the size is the last size-like token before the family list starts
  let at = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (/^['",]/.test(tokens[i]!)) break;
    if (FONT_SIZE.test(tokens[i]!) && !/^\d+$/.test(tokens[i]!)) at = i;
  }
  if (at < 0) return [];
  let rest = tokens.slice(at + 1);
  if (rest[0] === '/') rest = rest.slice(2);
  else if (rest[0]?.startsWith('/')) rest = rest.slice(1);
  return fontFamilies(rest.join(' '));
}

/**
 * The first family of a list either engine would use decides: Chromium takes the first family it has, so families
 * after an available one are never reached. A named family that is not installed and not declared is one the
 * native engine cannot get (Chromium may still find it through fontconfig aliases, e.g. Arial -> Liberation Sans).
 */
function unavailableFamily(families: string[], declared: ReadonlySet<string>): string | null {
  for (const f of families) {
    if (NATIVE_FONT_FAMILIES.has(f) || declared.has(f)) return null;
    if (f.startsWith('var(')) return null; // resolved elsewhere; the parity check covers it
    return f;
  }
  return null;
}

/** Families declared by @font-face with a source the native engine loads (asset:// or data:). */
function declaredFamilies(roots: Root[]): { ok: Set<string>; remote: Set<string> } {
  const ok = new Set<string>();
  const remote = new Set<string>();
  for (const root of roots) {
    root.walkAtRules('font-face', (rule) => {
      let family: string | undefined;
      let src = '';
      rule.walkDecls((d) => {
        if (d.prop.toLowerCase() === 'font-family') family = fontFamilies(d.value)[0];
        if (d.prop.toLowerCase() === 'src') src = d.value;
      });
      if (!family) return;
      (NATIVE_FONT_SOURCE.test(src) ? ok : remote).add(family);
    });
  }
  for (const f of ok) remote.delete(f);
  return { ok, remote };
}

function declarationReason(prop: string, value: string, declared: ReadonlySet<string>): string | null {
  const p = prop.toLowerCase();
  if (p.startsWith('--')) return null;
  const v = value.trim().toLowerCase().replace(/\s*!important$/, '');
  if (p === 'direction') return v === 'ltr' ? null : 'rtl_text';
  if (!NATIVE_CSS_PROPERTIES.has(p)) return `unsupported_css:${p}`;
  if (p === 'display' && !NATIVE_DISPLAY_VALUES.has(v)) return `unsupported_css:display:${v}`;
  if (/url\(\s*['"]?\s*javascript:/i.test(value)) return 'has_script';
  const families = p === 'font-family' ? fontFamilies(value) : p === 'font' ? shorthandFamilies(value) : null;
  if (families) {
    const missing = unavailableFamily(families, declared);
    if (missing) return `font_unavailable:${missing}`;
  }
  return null;
}

/** Parses each stylesheet and style attribute; a stylesheet postcss cannot parse is one Chromium must judge. */
export function cssReason(sheets: string[], styleAttrs: string[]): string | null {
  let roots: Root[];
  try {
    roots = [...sheets.map((s) => postcss.parse(s)), ...styleAttrs.map((s) => postcss.parse(`x{${s}}`))];
  } catch {
    return 'unsupported_css:unparsable';
  }
  const { ok: declared } = declaredFamilies(roots);
  let reason: string | null = null;
  for (const root of roots) {
    root.walk((node) => {
      if (reason) return false;
      if (node.type === 'atrule') {
        const name = node.name.toLowerCase();
        if (UNSUPPORTED_AT_RULES.has(name)) reason = `unsupported_css:@${name}`;
        if (name === 'font-face') return; // its descriptors are not properties
      }
      if (node.type === 'decl' && !(node.parent?.type === 'atrule' && (node.parent as { name: string }).name.toLowerCase() === 'font-face')) {
        reason = declarationReason(node.prop, node.value, declared);
      }
      return undefined;
    });
    if (reason) return reason;
  }
  return null;
}
