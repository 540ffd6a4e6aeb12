import { selectAll, type Options } from 'css-select';
import { parse as parseSelector, SelectorType, type Selector } from 'css-what';
import type { AnyNode, Element } from 'domhandler';
import postcss, { type Container, type Declaration } from 'postcss';
import { parseCss } from './parse-css';

/** What hides an element in a still render: no box (`display`), not painted (`visibility`), an image without area. */
type Prop = 'display' | 'visibility' | 'width' | 'height';
const PROPS = new Set<string>(['display', 'visibility', 'width', 'height']);

/** One declaration that may set an element's value: [important, inline, ids, classes, types, order], larger wins. */
interface Candidate {
  value: string;
  rank: number[];
}

interface Cascade {
  candidates: Map<Element, Map<Prop, Candidate[]>>;
  /** Per element, the properties a declaration that may apply but cannot be judged would un-hide ('*': any element). */
  unknown: Map<Element | '*', Set<Prop>>;
}

// states no still render is in, and pseudo-classes css-select does not know that never hold on a page nobody touches
// (focus: an `autofocus` element aside, which templates do not use)
const NEVER = ['focus', 'focus-within', 'focus-visible', 'autofill', '-webkit-autofill', '-moz-focusring', 'placeholder-shown', 'user-invalid', 'user-valid'];
const SELECT: Options<AnyNode, Element> = { pseudos: Object.fromEntries(NEVER.map((n) => [n, () => false])) };

/** The elements of a parsed document (parse5, htmlparser2 tree adapter) a selector matches; throws when it cannot. */
export const select = (query: string | Selector[][], dom: AnyNode): Element[] => selectAll<AnyNode, Element>(query, dom, SELECT);

const isZero = (v: string) => /^[+-]?0*\.?0*(px|em|rem|%|vw|vh|vmin|vmax|pt|cm|mm|in)?$/.test(v) && /0/.test(v);
/** Whether a value of the property can only show an element (so a declaration of it that cannot be judged matters). */
const unhides = (prop: Prop, value: string) =>
  prop === 'display' ? value !== 'none' : prop === 'visibility' ? value !== 'hidden' && value !== 'collapse' : !isZero(value);

/** [ids, classes + attributes + pseudo-classes, types + pseudo-elements] of one complex selector. */
export function specificity(selector: Selector[]): number[] {
  const s = [0, 0, 0];
  for (const t of selector) {
    if (t.type === SelectorType.Attribute) s[t.name === 'id' && t.action === 'equals' ? 0 : 1]! += 1;
    else if (t.type === SelectorType.Tag || t.type === SelectorType.PseudoElement) s[2]! += 1;
    else if (t.type === SelectorType.Pseudo && Array.isArray(t.data)) {
      // :is(), :not() and :has() count their most specific argument, :where() nothing
      if (t.name === 'where') continue;
      const inner = t.data.map(specificity).sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]! || b[2]! - a[2]!)[0] ?? [0, 0, 0];
      for (let i = 0; i < 3; i++) s[i]! += inner[i]!;
    } else if (t.type === SelectorType.Pseudo) s[1]! += 1;
  }
  return s;
}

/** Outside any <template>: its content is inert, a browser neither draws nor loads anything in it. */
export function live(el: Element, dom: AnyNode): boolean {
  for (let n: AnyNode | null = el.parent as AnyNode | null; n; n = n.parent as AnyNode | null) {
    if ((n.type === 'root' && n !== dom) || (n.type === 'tag' && n.name === 'template')) return false;
  }
  return true;
}

/** A selector for a pseudo-element (`::before`, the legacy `:after`): it styles that box, never the element itself. */
export const hasPseudoElement = (selector: Selector[]) =>
  selector.some((t) => t.type === SelectorType.PseudoElement || (t.type === SelectorType.Pseudo && /^(before|after|first-line|first-letter)$/.test(t.name)));

/** Whether a rule applies to a screen render: 'yes', 'never' (print, keyframes) or 'unknown' (another condition). */
export function ruleCondition(parent: Container | undefined): 'yes' | 'never' | 'unknown' {
  for (let p = parent; p && p.type !== 'root'; p = p.parent as Container | undefined) {
    if (p.type !== 'atrule') continue;
    const at = p as postcss.AtRule;
    const name = at.name.toLowerCase();
    if (name === 'media' && /^\s*(screen|all)\s*$/i.test(at.params)) continue;
    if ((name === 'media' && /^\s*print\s*$/i.test(at.params)) || /keyframes$|^font-face$|^page$/.test(name)) return 'never';
    return 'unknown';
  }
  return 'yes';
}

function add(c: Cascade, el: Element, prop: Prop, cand: Candidate): void {
  let byProp = c.candidates.get(el);
  if (!byProp) c.candidates.set(el, (byProp = new Map()));
  const list = byProp.get(prop);
  if (list) list.push(cand);
  else byProp.set(prop, [cand]);
}

function addUnknown(c: Cascade, el: Element | '*', prop: Prop, value: string): void {
  if (!unhides(prop, value)) return;
  const set = c.unknown.get(el);
  if (set) set.add(prop);
  else c.unknown.set(el, new Set([prop]));
}

/** The four properties' declarations of one stylesheet, on the elements their selectors match. */
function sheetDeclarations(c: Cascade, root: postcss.Root, dom: AnyNode, order: { n: number }): void {
  root.walkRules((rule) => {
    const decls = rule.nodes.filter((n): n is Declaration => n.type === 'decl' && PROPS.has(n.prop.toLowerCase()));
    const when = decls.length ? ruleCondition(rule.parent) : 'never';
    if (when === 'never') return;
    let selectors: Selector[][] | null;
    try {
      selectors = parseSelector(rule.selector);
    } catch {
      selectors = null;
    }
    for (const d of decls) {
      const prop = d.prop.toLowerCase() as Prop;
      const value = d.value.trim().toLowerCase();
      const at = order.n++;
      if (!selectors) addUnknown(c, '*', prop, value);
      for (const sel of selectors ?? []) {
        if (hasPseudoElement(sel)) continue;
        let matched: Element[];
        try {
          matched = select([sel], dom);
        } catch {
          addUnknown(c, '*', prop, value);
          continue;
        }
        for (const el of matched) {
          if (when === 'unknown') addUnknown(c, el, prop, value);
          else add(c, el, prop, { value, rank: [d.important ? 1 : 0, 0, ...specificity(sel), at] });
        }
      }
    }
  });
}

function inlineDeclarations(c: Cascade, dom: AnyNode, order: { n: number }): void {
  for (const el of select('[style]', dom)) {
    let root: postcss.Root;
    try {
      root = postcss.parse(el.attribs.style ?? '');
    } catch {
      for (const prop of PROPS) addUnknown(c, el, prop as Prop, '');
      continue;
    }
    root.each((d) => {
      if (d.type === 'decl' && PROPS.has(d.prop.toLowerCase())) {
        add(c, el, d.prop.toLowerCase() as Prop, { value: d.value.trim().toLowerCase(), rank: [d.important ? 1 : 0, 1, 0, 0, 0, order.n++] });
      }
    });
  }
}

/** Whether cascade rank a beats rank b outright (element by element, larger wins); equal ranks: false. */
export const outranks = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
};

/** The text of an element (a `<style>`'s stylesheet), from a parsed document (parse5, htmlparser2 tree adapter). */
export const textOf = (el: Element) => el.children.map((n) => ('data' in n ? String(n.data) : '')).join('');

/** The value the cascade gives, or null (none declared, or one that cannot be judged may un-hide it). */
function winner(c: Cascade, el: Element, prop: Prop): string | null {
  if (c.unknown.get('*')?.has(prop) || c.unknown.get(el)?.has(prop)) return null;
  let best: Candidate | undefined;
  for (const cand of c.candidates.get(el)?.get(prop) ?? []) if (!best || outranks(cand.rank, best.rank)) best = cand;
  return best?.value ?? null;
}

/**
 * Which elements of a parsed document (parse5 with the htmlparser2 tree adapter) a browser would not draw, judged
 * from the document alone: `display: none` on the element or an ancestor (from its stylesheets, style attributes or
 * the `hidden` attribute), `visibility: hidden` or `collapse` (inherited), an `<img>` whose width or height is zero
 * (CSS, or its `width`/`height` attribute), and anything inside `<template>`. The cascade is Chromium's for these four
 * properties (importance, inline style, specificity, order). What it cannot judge never hides: a rule under a
 * condition (`@media (min-width: ...)`, `@supports`, `@layer`) or with a selector it cannot match that could show the
 * element again makes the answer "drawn". So "hidden" is certain, "drawn" may be wrong; callers fail safe on it.
 */
export function staticHidden(dom: AnyNode, sheets: readonly string[]): (el: Element) => boolean {
  const c: Cascade = { candidates: new Map(), unknown: new Map() };
  const order = { n: 0 };
  for (const css of sheets) {
    try {
      sheetDeclarations(c, parseCss(css), dom, order);
    } catch {
      for (const prop of PROPS) addUnknown(c, '*', prop as Prop, '');
    }
  }
  inlineDeclarations(c, dom, order);
  const memo = new Map<AnyNode, { none: boolean; invisible: boolean }>();
  const state = (node: AnyNode): { none: boolean; invisible: boolean } => {
    const known = memo.get(node);
    if (known) return known;
    let out: { none: boolean; invisible: boolean };
    const parent = node.parent as AnyNode | null;
    if (node.type === 'root') out = { none: node !== dom, invisible: false }; // a <template>'s content is inert
    else if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') out = state(parent!);
    else {
      const el = node as Element;
      const up = parent ? state(parent) : { none: false, invisible: false };
      // the `hidden` attribute is the user agent's `display: none`: any author declaration of display overrides it
      const display = hasDeclared(c, el, 'display') || c.unknown.get('*')?.has('display') ? winner(c, el, 'display') : 'hidden' in el.attribs ? 'none' : null;
      const visibility = winner(c, el, 'visibility');
      const shown = c.unknown.get('*')?.has('visibility') || c.unknown.get(el)?.has('visibility');
      const invisible = shown ? false : visibility === 'hidden' || visibility === 'collapse' ? true : visibility === 'visible' || visibility === 'initial' ? false : up.invisible;
      out = { none: up.none || display === 'none' || el.name === 'template', invisible };
    }
    memo.set(node, out);
    return out;
  };
  return (el) => {
    const s = state(el);
    return s.none || s.invisible || (el.name === 'img' && (zeroSized(c, el, 'width') || zeroSized(c, el, 'height')));
  };
}

const hasDeclared = (c: Cascade, el: Element, prop: Prop) => (c.candidates.get(el)?.get(prop)?.length ?? 0) > 0 || Boolean(c.unknown.get(el)?.has(prop));

/** An image's width or height is zero: by the cascade, else (no CSS for it) by its attribute. */
function zeroSized(c: Cascade, el: Element, prop: 'width' | 'height'): boolean {
  if (hasDeclared(c, el, prop) || c.unknown.get('*')?.has(prop)) return isZero(winner(c, el, prop) ?? '1');
  const attr = el.attribs[prop];
  return attr !== undefined && isZero(attr.trim().toLowerCase());
}
