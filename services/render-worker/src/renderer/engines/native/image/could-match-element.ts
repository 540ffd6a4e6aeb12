import type { Node } from '@takumi-rs/core';

/** The parts of an element a selector's rightmost compound is judged against. */
export interface ElementKey {
  tag: string;
  id?: string;
  classes: readonly string[];
  /** The `class` attribute as written, for the attribute selectors on it (`td[class=em_align_cent]`). */
  classAttr?: string;
}

/** The element key of a node of takumi's tree (its tag, id and classes). */
export const elementKeyOf = (n: Node): ElementKey => ({
  tag: n.tagName!.toLowerCase(),
  ...(n.id ? { id: n.id } : {}),
  classes: (n.className ?? '').split(/\s+/).filter(Boolean),
  ...(n.className !== undefined ? { classAttr: n.className } : {}),
});

/** An attribute selector on `class` or `id` with a value (`[class=x]`, `[class*="x" i]`), in a compound as written. */
const CLASS_OR_ID_ATTR = /\[\s*(class|id)\s*([~|^$*]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\]\s]+))\s*(i\s*)?\]/gi;

/** Whether an attribute's value meets an attribute selector's operator and value (Selectors 4, §6.1-6.2). */
function attrHolds(actual: string, op: string, value: string, caseless: boolean): boolean {
  const [a, v] = caseless ? [actual.toLowerCase(), value.toLowerCase()] : [actual, value];
  if (op === '=') return a === v;
  if (op === '~=') return v !== '' && !/\s/.test(v) && a.split(/[ \t\n\r\f]+/).includes(v);
  if (op === '|=') return a === v || a.startsWith(`${v}-`);
  if (op === '^=') return v !== '' && a.startsWith(v);
  if (op === '$=') return v !== '' && a.endsWith(v);
  return v !== '' && a.includes(v); // *=
}

/**
 * Whether the `class` and `id` attribute selectors of a compound, as written, hold for the element (a render never
 * changes either attribute); a document without the attribute meets none of them.
 */
function classAndIdAttributesHold(compound: string, el: ElementKey): boolean {
  // the compound's own conditions: those inside `:not()`, `:is()` and the like are left to hold
  let own = compound;
  while (/\([^()]*\)/.test(own)) own = own.replace(/\([^()]*\)/g, '');
  for (const m of own.matchAll(CLASS_OR_ID_ATTR)) {
    const actual = m[1]!.toLowerCase() === 'class' ? el.classAttr : el.id;
    if (actual === undefined || !attrHolds(actual, m[2]!, m[3] ?? m[4] ?? m[5] ?? '', m[6] !== undefined)) return false;
  }
  return true;
}

export interface CompoundMatch {
  /** The compound may match the element (false only when a tag, id, class or `:root` rules it out). */
  matches: boolean;
  /** The pseudo-element the compound selects (`before` for `::before` or `:before`), if any. */
  pseudoElement?: string;
}

const LEGACY_PSEUDO_ELEMENTS = new Set(['before', 'after', 'first-line', 'first-letter']);

/**
 * The selector with what is inside brackets, parentheses and quotes blanked with NUL (never a space, which would
 * read as a combinator), so only the top level is read.
 */
function topLevel(selector: string): string {
  let depth = 0;
  let quote = '';
  let out = '';
  for (const ch of selector) {
    if (quote) {
      if (ch === quote) quote = '';
      out += '\0';
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      out += '\0';
    } else if (ch === '(' || ch === '[') {
      depth++;
      out += ch;
    } else if (ch === ')' || ch === ']') {
      depth--;
      out += ch;
    } else out += depth > 0 ? '\0' : ch;
  }
  return out;
}

/** A selector list split at its top-level commas. */
function splitTopLevel(list: string): string[] {
  const flat = topLevel(list);
  const out: string[] = [];
  let at = 0;
  for (let i = 0; i <= flat.length; i++) {
    if (i < flat.length && flat[i] !== ',') continue;
    out.push(list.slice(at, i));
    at = i + 1;
  }
  return out;
}

/**
 * Whether one complex selector (no top-level comma) may match an element, judged on its rightmost compound only:
 * the ancestors and siblings it asks for are assumed present, attribute conditions other than those on `class` and
 * `id` and pseudo-classes other than `:root` are assumed to hold. The answer errs towards a match: a selector with an
 * escape or a namespace matches.
 */
export function couldMatchElement(selector: string, el: ElementKey): CompoundMatch {
  // a selector that is one `:where()` or `:is()` (the native UA sheet's rules): may match where one inside may
  const wrapped = /^:(?:where|is)\((.*)\)$/i.exec(selector.trim());
  if (wrapped && !topLevel(selector.trim()).slice(1).includes(':')) {
    const matched = splitTopLevel(wrapped[1]!).map((s) => couldMatchElement(s, el)).find((m) => m.matches);
    return matched ?? { matches: false };
  }
  const flat = topLevel(selector.trim());
  const start = Math.max(flat.lastIndexOf(' '), flat.lastIndexOf('>'), flat.lastIndexOf('+'), flat.lastIndexOf('~')) + 1;
  const compound = flat.slice(start).replace(/\([^)]*\)|\[[^\]]*\]/g, '');
  const pseudo = /::([\w-]+)/.exec(compound)?.[1] ?? [...compound.matchAll(/:([\w-]+)/g)].map((m) => m[1]!).find((p) => LEGACY_PSEUDO_ELEMENTS.has(p.toLowerCase()));
  const result = (matches: boolean): CompoundMatch => ({ matches, ...(pseudo ? { pseudoElement: pseudo.toLowerCase() } : {}) });
  if (/[\\|]/.test(compound)) return result(true);
  const tag = /^[a-zA-Z][\w-]*/.exec(compound)?.[0];
  if (tag && tag.toLowerCase() !== el.tag) return result(false);
  for (const m of compound.matchAll(/#([\w-]+)/g)) if (m[1] !== el.id) return result(false);
  for (const m of compound.matchAll(/\.([\w-]+)/g)) if (!el.classes.includes(m[1]!)) return result(false);
  if (/:root\b/i.test(compound) && el.tag !== 'html') return result(false);
  if (!classAndIdAttributesHold(selector.trim().slice(start), el)) return result(false);
  return result(true);
}

/** Whether a selector may select the element itself (not one of its pseudo-elements). */
export function selectsElement(selector: string, el: ElementKey): boolean {
  const m = couldMatchElement(selector, el);
  return m.matches && !m.pseudoElement;
}
