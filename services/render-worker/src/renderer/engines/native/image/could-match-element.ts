import type { Node } from '@takumi-rs/core';

/** The parts of an element a selector's rightmost compound is judged against. */
export interface ElementKey {
  tag: string;
  id?: string;
  classes: readonly string[];
}

/** The element key of a node of takumi's tree (its tag, id and classes). */
export const elementKeyOf = (n: Node): ElementKey => ({ tag: n.tagName!.toLowerCase(), ...(n.id ? { id: n.id } : {}), classes: (n.className ?? '').split(/\s+/).filter(Boolean) });

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
 * the ancestors and siblings it asks for are assumed present, attribute conditions and pseudo-classes other than
 * `:root` are assumed to hold. The answer errs towards a match: a selector with an escape or a namespace matches.
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
  return result(true);
}

/** Whether a selector may select the element itself (not one of its pseudo-elements). */
export function selectsElement(selector: string, el: ElementKey): boolean {
  const m = couldMatchElement(selector, el);
  return m.matches && !m.pseudoElement;
}
