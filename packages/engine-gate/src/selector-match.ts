import { aliases, filters, is, pseudos, selectOne, type Options } from 'css-select';
import { parse as parseSelector, SelectorType, type Selector } from 'css-what';
import type { AnyNode, Element } from 'domhandler';
import { parse } from 'parse5';
import { NEVER_STATES } from './still-state-selectors';
import { adapter } from 'parse5-htmlparser2-tree-adapter';

// Pseudo-elements that draw a box of their element in a still render: matched as their element. Every other one
// (::selection, ::placeholder, the ::-webkit-/::-moz- parts of form controls, ::backdrop ...) draws nothing here:
// the rule never applies (form controls themselves are refused as elements).
const BOX_PSEUDO_ELEMENTS = new Set(['before', 'after', 'first-line', 'first-letter', 'marker']);
const isScrollbar = (name: string) => name.startsWith('-webkit-scrollbar');
// focus: only an `autofocus` element can have it on a page nobody touches
const FOCUS = ['focus', 'focus-within'];
// pseudo-classes that depend on text, which a placeholder's value changes: dropped from the selector (it then matches more)
const TEXT_DEPENDENT = new Set(['empty', 'blank', 'contains', 'icontains']);
const SUBSELECTS = new Set(['is', 'matches', 'where', 'has', 'not']);
const KNOWN = new Set([...Object.keys(filters), ...Object.keys(pseudos), ...Object.keys(aliases), ...SUBSELECTS, ...NEVER_STATES, ...FOCUS]);
// a render sets these attributes (an image placeholder's src, a colour placeholder's and clipping's style)
const RENDER_SET_ATTRIBUTES = ['src', 'srcset', 'style'];

type Broadened = Selector[] | 'never' | 'unknown';

/**
 * Drops the conditions a render can change or the matcher does not know, so what is left matches at least as much.
 * Inside a `:not()` (`inNot`) dropping would narrow instead: such a `:not()` is 'unknown' and its caller drops it whole.
 */
function broaden(selector: Selector[], volatile: ReadonlySet<string>, inNot: boolean): Broadened {
  const out: Selector[] = [];
  for (const t of selector) {
    let keep = true;
    if (t.type === SelectorType.PseudoElement) {
      if (!(BOX_PSEUDO_ELEMENTS.has(t.name) || isScrollbar(t.name))) return inNot ? 'unknown' : 'never';
      keep = false;
    } else if (t.type === SelectorType.Attribute && volatile.has(t.name.toLowerCase())) {
      keep = false;
    } else if (t.type === SelectorType.Pseudo && BOX_PSEUDO_ELEMENTS.has(t.name)) {
      keep = false; // the legacy one-colon form (`:before`)
      if (inNot) return 'unknown';
    } else if (t.type === SelectorType.Pseudo && (TEXT_DEPENDENT.has(t.name) || !KNOWN.has(t.name))) {
      keep = false;
    } else if (t.type === SelectorType.Pseudo && SUBSELECTS.has(t.name) && Array.isArray(t.data)) {
      const negated = inNot || t.name === 'not';
      const inner = broadenList(t.data, volatile, negated, t.name === 'has');
      if (inner === 'unknown' && inNot) return 'unknown';
      if (inner === 'unknown' || (t.name === 'not' && inner.length === 0)) continue; // a :not() that cannot be judged: dropped
      if (inner.length === 0) return 'never'; // :is() of selectors that never match
      out.push({ ...t, data: inner });
      continue;
    }
    if (keep) out.push(t);
    else if (inNot) return 'unknown';
  }
  return out;
}

/** `relative`: the list of a `:has()`, whose selectors may start with a combinator (`:has(+ .b)`). */
function broadenList(list: Selector[][], volatile: ReadonlySet<string>, inNot: boolean, relative = false): Selector[][] | 'unknown' {
  const out: Selector[][] = [];
  for (const s of list) {
    const b = broaden(s, volatile, inNot);
    if (b === 'unknown') return 'unknown';
    if (b !== 'never') out.push(withCompounds(b, relative));
  }
  return out;
}

const isTraversal = (t: Selector) =>
  t.type === SelectorType.Child || t.type === SelectorType.Descendant || t.type === SelectorType.Adjacent ||
  t.type === SelectorType.Sibling || t.type === SelectorType.Parent || t.type === SelectorType.ColumnCombinator;

/** A compound emptied by broadening (`a > ::before`) becomes `*`, so no combinator is left without its operand. */
function withCompounds(selector: Selector[], relative: boolean): Selector[] {
  const out: Selector[] = [];
  const universal: Selector = { type: SelectorType.Universal, namespace: null };
  for (const [i, t] of selector.entries()) {
    if (isTraversal(t) && (out.length === 0 ? !(relative && i === 0) : isTraversal(out[out.length - 1]!))) out.push(universal);
    out.push(t);
  }
  if (out.length === 0 || isTraversal(out[out.length - 1]!)) out.push(universal);
  return out;
}

/** Attribute names whose value holds a `{{placeholder}}`: a render can change them. */
function interpolatedAttributes(root: AnyNode, into: Set<string>): void {
  const stack: AnyNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if ('attribs' in n) for (const [name, value] of Object.entries((n as Element).attribs)) if (value.includes('{{')) into.add(name.toLowerCase());
    if ('children' in n) stack.push(...(n.children as AnyNode[]));
  }
}

/**
 * Whether a selector list can match an element of a template's document as it renders (the template in the body
 * of the composed page, as composeDocument builds it). A placeholder changes text and some attributes, never which
 * elements there are: so text-dependent pseudo-classes (`:empty`), conditions on an attribute a render sets
 * (`src`, `style`, any holding a `{{placeholder}}`) and pseudo-classes the matcher does not know are dropped, which
 * only widens the match; user-action states (`:hover`, `:focus` without `autofocus`, `:visited`) never hold, and a
 * rule only for a pseudo-element that draws nothing (`::selection`, `::placeholder`) never applies. A selector the
 * matcher cannot read is held to match.
 */
export function documentMatcher(html: string): (selectorList: string) => boolean {
  const { dom, test } = templateMatcher(html);
  return test((list, options) => selectOne(list, dom, options) !== null);
}

/**
 * Whether a selector list can match the document's root element, `html` (with the attributes a template's own
 * `<html>` gives it), read as documentMatcher reads selectors; and the root's own `style` attribute.
 */
export function rootMatcher(html: string): { matches: (selectorList: string) => boolean; style: string } {
  const { dom, test } = templateMatcher(html);
  const root = selectOne<AnyNode, Element>('html', dom);
  return { matches: test((list, options) => root !== null && is<AnyNode, Element>(root, list, options)), style: root?.attribs.style ?? '' };
}

type Test = (list: Selector[][], options: Options<AnyNode, Element>) => boolean;

/** The template's document as it renders, and a cached selector-list test over it (documentMatcher's reading). */
function templateMatcher(html: string): { dom: AnyNode; test: (test: Test) => (selectorList: string) => boolean } {
  const dom = parse(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`, { treeAdapter: adapter }) as unknown as AnyNode;
  const volatile = new Set(RENDER_SET_ATTRIBUTES);
  interpolatedAttributes(dom, volatile);
  const autofocus = selectOne('[autofocus]', dom) !== null;
  const state = (name: string) => (NEVER_STATES.includes(name) || (FOCUS.includes(name) && !autofocus) ? () => false : () => true);
  const options: Options<AnyNode, Element> = { pseudos: Object.fromEntries([...NEVER_STATES, ...FOCUS].map((n) => [n, state(n)])) };
  const test = (fn: Test) => {
    const cache = new Map<string, boolean>();
    return (selectorList: string) => {
      let hit = cache.get(selectorList);
      if (hit !== undefined) return hit;
      try {
        const list = broadenList(parseSelector(selectorList), volatile, false);
        hit = list === 'unknown' || (list.length > 0 && fn(list, options));
      } catch {
        hit = true;
      }
      cache.set(selectorList, hit);
      return hit;
    };
  };
  return { dom, test };
}
