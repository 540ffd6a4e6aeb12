import postcss, { type ChildNode, type Container, type Root } from 'postcss';
import { resolveFontFamilies, splitFontFamilies, type GateFinding } from '@rp/workflow-safe';
import { isAnimationProperty } from './animation-gate';
import { cssImports } from './css-imports';
import { cssUrls } from './css-urls';
import { isKeyframesRule } from './is-keyframes-rule';
import { ANY_VIEWPORT, cssMathFunction, resolveCssMath } from './css-math';
import { NATIVE_CSS_PROPERTIES, nativeFontSource, UNMATCHED_PSEUDO_CLASSES, unsupportedValue } from './native-support';
import { normalizeCss } from './normalize-css';
import { parseCss } from './parse-css';

// at-rules whose rules the native engine does not apply as Chromium does: a rule inside one that matches an element
// of the document gives the at-rule as its reason (an @import the version has not pinned holds always)
const CONDITIONAL_AT_RULES = new Set(['supports', 'layer', 'container']);
// at-rules that draw nothing by themselves (and keyframes rules: they only move an element whose `animation`, judged
// where it applies, names them); @font-face is read by declaredFamilies
const INERT_AT_RULES = new Set(['font-face', 'charset', 'namespace', 'property', 'counter-style']);

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

/** Families declared by @font-face, by whether the native engine loads their source (nativeFontSource). */
export interface DeclaredFonts {
  ok: Set<string>;
  remote: Set<string>;
}

/** One parsed stylesheet and the URL its relative URLs resolve against (a pinned sheet's own; none for the template's). */
export interface Sheet {
  root: Root;
  base?: string;
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

/** The @font-face families of the sheets, by whether the native engine loads their source (`pinned`: kept URLs). */
export function declaredFamilies(sheets: Sheet[], pinned: ReadonlySet<string>): DeclaredFonts {
  const ok = new Set<string>();
  const remote = new Set<string>();
  for (const { root, base } of sheets) {
    root.walkAtRules(/^font-face$/i, (rule) => {
      let family: string | undefined;
      let src = '';
      rule.walkDecls((d) => {
        if (d.prop.toLowerCase() === 'font-family') family = fontFamilies(d.value)[0];
        if (d.prop.toLowerCase() === 'src') src = d.value;
      });
      if (!family) return;
      (nativeFontSource(src, pinned, base) ? ok : remote).add(family);
    });
  }
  for (const f of ok) remote.delete(f);
  return { ok, remote };
}

/** The px of a `rem` in the document (remPx), asked only of a math function that uses one. */
export type RemPx = () => number | undefined;

/** The reason one declaration sends a version to Chromium, or null. */
export function declarationReason(prop: string, value: string, declared: DeclaredFonts, rem?: RemPx): string | null {
  const p = prop.toLowerCase();
  if (p.startsWith('--')) return null;
  const v = value.trim().toLowerCase().replace(/\s*!important$/, '');
  if (p === 'direction') return v === 'ltr' ? null : 'rtl_text';
  if (cssUrls(value).some((u) => /^javascript:/i.test(u.url))) return 'has_script';
  const families = p === 'font-family' ? fontFamilies(value) : p === 'font' ? shorthandFamilies(value) : null;
  const missing = families && unavailableFamily(families, declared);
  if (missing) return `font_unavailable:${missing}`;
  if (!NATIVE_CSS_PROPERTIES.has(p)) return `unsupported_css:${p}`;
  const unsupported = unsupportedValue(p, v);
  if (unsupported) return `unsupported_css:${unsupported}`;
  // the native preparation computes min()/max()/clamp() where no layout is needed (css-math.ts)
  const math = cssMathFunction(v);
  if (math && resolveCssMath(v, { ...ANY_VIEWPORT, rem: /\drem\b/.test(v) ? rem?.() : undefined }) === null) return `unsupported_css:${p}:${math}()`;
  return null;
}

/**
 * Parses stylesheets as Chromium reads them for a screen render (normalizeCss: print rules gone, prefixed aliases
 * read, overridden declarations dropped); null when one does not parse (a stylesheet postcss cannot read is one
 * Chromium must judge).
 */
export function parseSheets(sources: Array<{ css: string; base?: string }>): Sheet[] | null {
  try {
    return sources.map((s) => ({ root: normalizeCss(parseCss(s.css)), ...(s.base ? { base: s.base } : {}) }));
  } catch {
    return null;
  }
}

/** The URL an `@import` names (`url("x")`, `url(x)` or `"x"`), from the at-rule's parameters. */
const importUrl = (params: string): string => cssImports(`@import ${params};`)[0]?.url ?? '';

/** What judging a sheet needs besides the sheet: the fonts declared anywhere, and whether an @import is kept. */
export interface JudgeContext {
  declared: DeclaredFonts;
  /** Whether the version keeps the stylesheet an @import names (its own findings then judge it). */
  pinnedImport: (url: string, base: string | undefined) => boolean;
  /** A video template's own CSS: its `animation*` and `transition*` declarations are the animation gate's to judge. */
  video?: boolean;
  /** The document's `rem` in px, where it has one; none for a sheet judged without its document (a pinned one). */
  rem?: RemPx;
}

interface Walk extends JudgeContext {
  base: string | undefined;
  findings: GateFinding[];
  rules: string[];
}

function ruleFindings(rule: postcss.Rule, walk: Walk, atRule: string | null): void {
  // a nested rule's selector is relative to its parent's: held to apply, as matching it alone could miss
  const selector = rule.parent?.type === 'rule' ? null : rule.selector;
  if (selector !== null) walk.rules.push(selector);
  const reasons = new Set<string>(atRule ? [`unsupported_css:@${atRule}`] : []);
  for (const m of rule.selector.matchAll(/:([a-z-]+)\(/gi)) {
    const name = m[1]!.toLowerCase();
    if (UNMATCHED_PSEUDO_CLASSES.has(name)) reasons.add(`unsupported_css:selector:${name}`);
  }
  rule.each((node) => {
    if (node.type === 'decl' && !(walk.video && isAnimationProperty(node.prop))) {
      const reason = declarationReason(node.prop, node.value, walk.declared, walk.rem);
      if (reason) reasons.add(reason);
    }
  });
  for (const reason of reasons) walk.findings.push({ reason, selector });
  visit(rule, walk, atRule);
}

function visit(container: Container<ChildNode>, walk: Walk, atRule: string | null): void {
  container.each((node) => {
    if (node.type === 'rule') return ruleFindings(node, walk, atRule);
    if (node.type !== 'atrule') return;
    const name = node.name.toLowerCase();
    if (isKeyframesRule(node) || INERT_AT_RULES.has(name)) return;
    if (name === 'import') {
      if (!walk.pinnedImport(importUrl(node.params), walk.base)) walk.findings.push({ reason: 'unsupported_css:@import', selector: null });
    } else if (node.nodes) {
      visit(node, walk, CONDITIONAL_AT_RULES.has(name) ? name : atRule);
    }
  });
}

/**
 * Each reason a stylesheet gives the static gate, with the selector (list) of the style rule that carries it, or
 * null when it holds whatever the document: declarations the native engine does not draw as Chromium does (a
 * property or `display` value it lacks, a font it cannot load, right-to-left direction, script in a url()), rules
 * inside @supports, @layer or @container, a selector the engine does not match (`:has()`), an @import the version does
 * not keep. The sheet is judged as normalizeCss left it (parseSheets): `@page` and `@media print` rules, which never
 * apply to a screen render, are gone. Also the selectors of all its style rules (for figures).
 */
export function sheetFindings(sheet: Sheet, ctx: JudgeContext): { findings: GateFinding[]; rules: string[] } {
  const walk: Walk = { ...ctx, base: sheet.base, findings: [], rules: [] };
  visit(sheet.root, walk, null);
  return { findings: walk.findings, rules: walk.rules };
}

/** The findings of `style` attributes (each parsed as `x{…}`): each applies to its own element. */
export function styleAttrFindings(attrSheets: Sheet[], ctx: Pick<JudgeContext, 'declared' | 'video' | 'rem'>): GateFinding[] {
  const findings: GateFinding[] = [];
  for (const { root } of attrSheets) {
    root.walkDecls((d) => {
      if (ctx.video && isAnimationProperty(d.prop)) return;
      const reason = declarationReason(d.prop, d.value, ctx.declared, ctx.rem);
      if (reason) findings.push({ reason, selector: null });
    });
  }
  return findings;
}
