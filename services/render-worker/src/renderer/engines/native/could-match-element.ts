/** The parts of an element a selector's rightmost compound is judged against. */
export interface ElementKey {
  tag: string;
  id?: string;
  classes: readonly string[];
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

/**
 * Whether one complex selector (no top-level comma) may match an element, judged on its rightmost compound only:
 * the ancestors and siblings it asks for are assumed present, attribute conditions and pseudo-classes other than
 * `:root` are assumed to hold. The answer errs towards a match: a selector with an escape or a namespace matches.
 */
export function couldMatchElement(selector: string, el: ElementKey): CompoundMatch {
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
