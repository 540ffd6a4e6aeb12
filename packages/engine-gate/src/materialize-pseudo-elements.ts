import { parse as parseSelector, stringify, SelectorType, type Selector } from 'css-what';
import type { AnyNode, Element, ParentNode } from 'domhandler';
import { html, parse, serialize } from 'parse5';
import { adapter } from 'parse5-htmlparser2-tree-adapter';
import type { Declaration, Root, Rule } from 'postcss';
import { parseCss } from './parse-css';
import { computedStyle, settlePaintOrder } from './pseudo-paint-order';
import { live, outranks, ruleCondition, select, specificity, textOf } from './static-hidden';

/** The elements that stand in for `::before` and `::after` in the document the native engine draws. */
export const PSEUDO_ELEMENT_TAGS = { before: 'rp-before', after: 'rp-after' } as const;
type Pseudo = keyof typeof PSEUDO_ELEMENT_TAGS;

/** More selectors than this (a utility framework's full build) are not checked one by one; the document is left as it is. */
export const MAX_MATERIALIZE_SELECTORS = 3_000;

/** Elements without a drawn `::before` or `::after` box in Chromium: replaced, void and never-displayed ones. */
const NO_PSEUDO_BOXES = new Set([
  'img', 'input', 'br', 'hr', 'video', 'audio', 'iframe', 'canvas', 'embed', 'object', 'select', 'textarea', 'meter', 'progress', 'wbr',
  'head', 'title', 'meta', 'link', 'base', 'style', 'script', 'noscript', 'template',
]);
const EXCLUDE_TAGS = `:where(:not(${PSEUDO_ELEMENT_TAGS.before}):not(${PSEUDO_ELEMENT_TAGS.after}))`;

const HTML_NS = html.NS.HTML;
/** One complex selector of a rule: of an element, of a `::before`/`::after` box, or of another pseudo-element. */
interface Sel { rule: Rule; order: number; index: number; tokens: Selector[]; kind: 'element' | 'pseudo' | 'other'; pseudo?: Pseudo; origin?: Selector[] }
class Refused extends Error {}

const boxOf = (t: Selector): Pseudo | undefined =>
  (t.type === SelectorType.PseudoElement || t.type === SelectorType.Pseudo) && (t.name === 'before' || t.name === 'after') ? t.name : undefined;

/** What a complex selector selects; Refused for a `::before` anywhere but at its end (`::before:hover`, `:not(::after)`). */
function classify(tokens: Selector[]): Pick<Sel, 'kind' | 'pseudo' | 'origin'> {
  const at = tokens.findIndex((t) => boxOf(t) !== undefined);
  if (at < 0) {
    if (/"name":"(before|after)"/.test(JSON.stringify(tokens))) throw new Refused();
    return { kind: tokens.some((t) => t.type === SelectorType.PseudoElement) ? 'other' : 'element' };
  }
  if (at !== tokens.length - 1) throw new Refused();
  const origin = tokens.slice(0, at);
  const last = origin[origin.length - 1];
  if (!last || [SelectorType.Child, SelectorType.Descendant, SelectorType.Adjacent, SelectorType.Sibling].includes(last.type as SelectorType.Child)) {
    origin.push({ type: SelectorType.Universal, namespace: null });
  }
  return { kind: 'pseudo', pseudo: boxOf(tokens[at]!), origin };
}

/** Every complex selector of the sheets' style rules that a screen render reads (keyframes and print rules are not). */
function selectorsOf(roots: Root[]): Sel[] {
  const out: Sel[] = [];
  let order = 0;
  for (const root of roots) {
    root.walkRules((rule) => {
      if (ruleCondition(rule.parent as Root) === 'never') return;
      order++;
      rule.selectors.forEach((text, index) => {
        const [tokens, ...more] = parseSelector(text);
        if (!tokens || more.length) throw new Refused();
        out.push({ rule, order, index, tokens, ...classify(tokens) });
      });
    });
  }
  if (out.length > MAX_MATERIALIZE_SELECTORS) throw new Refused();
  return out;
}

/** A `content` value as the text it generates: '' for `""`, null for none/normal, Refused for counters, attr(), url() … */
function contentText(value: string): string | null {
  const v = value.trim();
  if (/^(none|normal)$/i.test(v)) return null;
  const strings = v.match(/^(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')(?:\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'))*$/s);
  if (!strings) throw new Refused();
  return [...v.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/gs)]
    .map((m) => (m[1] ?? m[2] ?? '').replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/gs, (_, hex: string, ch: string) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : ch)))
    .join('');
}

/** The `content` each element's pseudo-elements get by the cascade (importance, specificity, order); absent: none. */
function generatedContent(sels: Sel[], dom: AnyNode): Map<Element, Partial<Record<Pseudo, string>>> {
  const best = new Map<Element, Partial<Record<Pseudo, { rank: number[]; text: string | null }>>>();
  for (const s of sels) {
    if (s.kind !== 'pseudo') continue;
    const decl = s.rule.nodes.filter((n): n is Declaration => n.type === 'decl' && n.prop.toLowerCase() === 'content').pop();
    if (!decl) continue;
    if (ruleCondition(s.rule.parent as Root) !== 'yes') throw new Refused(); // content under @media (min-width …), @supports
    const rank = [decl.important ? 1 : 0, ...specificity(s.tokens), s.order];
    const text = contentText(decl.value);
    const pseudo = s.pseudo!;
    for (const el of select([s.origin!], dom)) {
      const slot = best.get(el) ?? {};
      const held = slot[pseudo];
      if (!held || !outranks(held.rank, rank)) slot[pseudo] = { rank, text }; // a tie: the later declaration wins
      best.set(el, slot);
    }
  }
  const out = new Map<Element, Partial<Record<Pseudo, string>>>();
  for (const [el, slot] of best) {
    // the root's boxes would stand before body, where the native engine's root handling expects body first
    if (el.name === 'html') throw new Refused();
    if (NO_PSEUDO_BOXES.has(el.name) || el.namespace !== HTML_NS || !live(el, dom)) continue;
    const texts: Partial<Record<Pseudo, string>> = {};
    for (const p of ['before', 'after'] as const) if (slot[p] && slot[p]!.text !== null) texts[p] = slot[p]!.text!;
    if (Object.keys(texts).length) out.set(el, texts);
  }
  return out;
}

function insert(el: Element, texts: Partial<Record<Pseudo, string>>): void {
  for (const p of ['before', 'after'] as const) {
    const text = texts[p];
    if (text === undefined) continue;
    const box = adapter.createElement(PSEUDO_ELEMENT_TAGS[p], HTML_NS as never, []);
    if (text) adapter.insertText(box, text);
    const first = el.children[0];
    if (p === 'before' && first) adapter.insertBefore(el as ParentNode, box, first);
    else adapter.appendChild(el as ParentNode, box);
  }
}

/** `X::before` as the selector of its stand-in, `X > rp-before`: the same specificity, the same parent to inherit from. */
const standInTokens = (s: Sel): Selector[] =>
  [...s.origin!, { type: SelectorType.Child }, { type: SelectorType.Tag, name: PSEUDO_ELEMENT_TAGS[s.pseudo!], namespace: null }];

const isStandIn = (el: Element) => el.name === PSEUDO_ELEMENT_TAGS.before || el.name === PSEUDO_ELEMENT_TAGS.after;

/**
 * The document with each `::before` and `::after` box Chromium draws as a real element (`rp-before` first in its
 * element, `rp-after` last), for the native engine: takumi draws no box for `content: ""`, applies no keyframes to a
 * pseudo-element, and both hold for an element. The stylesheets follow: `X::before` becomes `X > rp-before`, which
 * has the same specificity and inherits from the same parent. An element exists where the cascade (importance,
 * specificity, order) gives `content` one or more strings; `none` or `normal` draws nothing, as in Chromium.
 *
 * Where takumi would paint a stand-in over positioned inline content that Chromium paints over it, the order is
 * spelled out in z-indexes (settlePaintOrder). It changes nothing else, or nothing at all: every other selector must
 * match the same elements with the stand-ins in (a `:first-child`, `:empty` or `+` they would shift leaves the
 * document as it was), and one that would also match a stand-in (`*`, `div > *`) is narrowed by a zero-specificity
 * `:where(:not(…))`. A document it cannot read this way (generated content from `attr()` or a counter, `content`
 * under a media condition, a selector css-select cannot match, more than MAX_MATERIALIZE_SELECTORS selectors, a
 * `<style>` inside an inline SVG, a box of the root, a paint order it cannot spell out) is returned unchanged, for
 * takumi to draw as before.
 */
export function materializePseudoElements(document: string): string {
  if (!/:(before|after)\b/i.test(document)) return document;
  try {
    const dom = parse(document, { treeAdapter: adapter }) as unknown as AnyNode;
    const styles = select('style', dom).filter((el) => live(el, dom));
    // an inline SVG's sheet goes to its own renderer too, which a rewritten selector could lose
    if (styles.some((el) => el.namespace !== HTML_NS)) return document;
    const roots = styles.map((el) => parseCss(textOf(el)));
    const sels = selectorsOf(roots);
    const generated = generatedContent(sels, dom);
    if (generated.size === 0) return document;
    const others = sels.filter((s) => s.kind === 'element');
    const before = others.map((s) => new Set(select([s.tokens], dom)));
    for (const [el, texts] of generated) insert(el, texts);
    const cascade = sels.filter((s) => s.kind !== 'other').map((s) => ({ ...s, tokens: s.kind === 'pseudo' ? standInTokens(s) : s.tokens, standIns: s.kind === 'pseudo' }));
    settlePaintOrder([...generated.keys()], computedStyle(cascade, dom, isStandIn), isStandIn);
    others.forEach((s, i) => {
      const after = select([s.tokens], dom);
      const real = after.filter((el) => !isStandIn(el));
      if (real.length !== before[i]!.size || real.some((el) => !before[i]!.has(el))) throw new Refused();
      if (real.length !== after.length) s.rule.selectors = s.rule.selectors.map((text, j) => (j === s.index ? `${text}${EXCLUDE_TAGS}` : text));
    });
    for (const s of sels) {
      if (s.kind !== 'pseudo') continue;
      s.rule.selectors = s.rule.selectors.map((text, j) => (j === s.index ? stringify([standInTokens(s)]) : text));
    }
    styles.forEach((el, i) => {
      el.children.slice().forEach((c) => adapter.detachNode(c));
      adapter.insertText(el as ParentNode, roots[i]!.toString());
    });
    return serialize(dom as never, { treeAdapter: adapter });
  } catch {
    return document;
  }
}
