import postcss, { type Root } from 'postcss';
import { resolveFontFamilies, splitFontFamilies } from '@rp/workflow-safe';
import { NATIVE_CSS_PROPERTIES, NATIVE_DISPLAY_VALUES, nativeFontSource } from './native-support';
import { animationReason, inKeyframes, isAnimationProperty } from './animation-gate';

// at-rules that change what is drawn in ways the native engine does not follow: an external stylesheet, and in an
// image, animations (Chromium captures them wherever they are when the page is ready). A video's `@keyframes` are
// judged by the animation gate against the measured table.
const UNSUPPORTED_AT_RULES = new Set(['import', 'keyframes', '-webkit-keyframes', 'supports', 'page', 'layer', 'container']);
const VIDEO_AT_RULES = new Set([...UNSUPPORTED_AT_RULES].filter((r) => r !== 'keyframes'));

/** Splits a font-family list into lower-case unquoted names (commas inside quotes stay). */
export function fontFamilies(value: string): string[] {
  return splitFontFamilies(value).map((f) => f.toLowerCase());
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
 * The family a list draws decides (packages/workflow-safe native-fonts.ts, the table both engines share): an
 * installed face (through fontconfig's aliases, a generic keyword, or the default when nothing in the list is known)
 * is drawn by both; a family declared by an @font-face whose source the native engine cannot load is Chromium's alone.
 */
function unavailableFamily(families: string[], fonts: DeclaredFonts): string | null {
  const r = resolveFontFamilies(families, new Set([...fonts.ok, ...fonts.remote]));
  if (r.kind === 'declared' && !fonts.ok.has(r.family)) return r.family;
  return null;
}

interface DeclaredFonts {
  ok: Set<string>;
  remote: Set<string>;
}

/** Families declared by @font-face, by whether the native engine loads their source (nativeFontSource). */
function declaredFamilies(roots: Root[], pinned: ReadonlySet<string>): DeclaredFonts {
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
      (nativeFontSource(src, pinned) ? ok : remote).add(family);
    });
  }
  for (const f of ok) remote.delete(f);
  return { ok, remote };
}

function declarationReason(prop: string, value: string, declared: DeclaredFonts): string | null {
  const p = prop.toLowerCase();
  if (p.startsWith('--')) return null;
  const v = value.trim().toLowerCase().replace(/\s*!important$/, '');
  if (p === 'direction') return v === 'ltr' ? null : 'rtl_text';
  if (/url\(\s*['"]?\s*javascript:/i.test(value)) return 'has_script';
  const families = p === 'font-family' ? fontFamilies(value) : p === 'font' ? shorthandFamilies(value) : null;
  const missing = families && unavailableFamily(families, declared);
  if (missing) return `font_unavailable:${missing}`;
  if (!NATIVE_CSS_PROPERTIES.has(p)) return `unsupported_css:${p}`;
  if (p === 'display' && !NATIVE_DISPLAY_VALUES.has(v)) return `unsupported_css:display:${v}`;
  return null;
}

/** What the CSS gate is told about the version. */
export interface CssGateOptions {
  /** URLs whose bytes the version keeps (resource pinning), which the native engine loads as it loads an asset. */
  pinned?: ReadonlySet<string>;
  /** A video template: its animations go to the animation gate (animation-gate.ts) instead of being refused. */
  video?: boolean;
}

/** Parses each stylesheet and style attribute; a stylesheet postcss cannot parse is one Chromium must judge. */
export function cssReason(sheets: string[], styleAttrs: string[], opts: CssGateOptions = {}): string | null {
  const pinned = opts.pinned ?? new Set<string>();
  const atRules = opts.video ? VIDEO_AT_RULES : UNSUPPORTED_AT_RULES;
  let roots: Root[];
  try {
    roots = [...sheets.map((s) => postcss.parse(s)), ...styleAttrs.map((s) => postcss.parse(`x{${s}}`))];
  } catch {
    return 'unsupported_css:unparsable';
  }
  const declared = declaredFamilies(roots, pinned);
  let reason: string | null = null;
  for (const root of roots) {
    root.walk((node) => {
      if (reason) return false;
      if (node.type === 'atrule') {
        const name = node.name.toLowerCase();
        if (atRules.has(name)) reason = `unsupported_css:@${name}`;
        if (name === 'font-face') return; // its descriptors are not properties
      }
      const animation = opts.video && node.type === 'decl' && (inKeyframes(node) || isAnimationProperty(node.prop));
      if (node.type === 'decl' && !animation && !(node.parent?.type === 'atrule' && (node.parent as { name: string }).name.toLowerCase() === 'font-face')) {
        reason = declarationReason(node.prop, node.value, declared);
      }
      return undefined;
    });
    if (reason) return reason;
  }
  return opts.video ? animationReason(roots) : null;
}
