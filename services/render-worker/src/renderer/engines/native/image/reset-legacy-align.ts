import type { Node } from '@takumi-rs/core';
import { parseCss } from '@rp/engine-gate';
import { couldMatchElement, type ElementKey } from './could-match-element';

type Style = Record<string, unknown>;

/** Cells' and rows' `align` values Chromium maps to a legacy `-webkit-` alignment (the HTML standard's rendering section). */
const LEGACY_ALIGN: Readonly<Record<string, Legacy>> = { center: 'center', middle: 'center', left: 'left', right: 'right' };
type Legacy = 'center' | 'left' | 'right';
/** The auto side margins that place a table as a legacy alignment places a block child. */
const PLACED: Readonly<Record<Legacy, Style>> = { center: { marginLeft: 'auto', marginRight: 'auto' }, right: { marginLeft: 'auto' }, left: {} };
const ALIGN_PARTS = new Set(['tr', 'td', 'th']);

const keyOf = (n: Node): ElementKey => ({ tag: n.tagName!.toLowerCase(), ...(n.id ? { id: n.id } : {}), classes: (n.className ?? '').split(/\s+/).filter(Boolean) });

/** The selectors of every style rule that declares a property `prop` matches (or resets every property with `all`). */
function selectorsSetting(css: readonly string[], prop: RegExp): string[] {
  const out: string[] = [];
  for (const text of css) {
    try {
      parseCss(text).walkRules((rule) => {
        if (rule.some((d) => d.type === 'decl' && (prop.test(d.prop) || /^all$/i.test(d.prop)))) out.push(...rule.selectors);
      });
    } catch {
      out.push('*'); // a sheet that cannot be read may set it anywhere
    }
  }
  return out;
}

/** Whether an author may set the element's `keys` (camelCase): its `style`, or a rule of `selectors` that may match it. */
function authorSets(node: Node, keys: readonly string[], selectors: readonly string[]): boolean {
  const style = node.style as Style | undefined;
  if (keys.some((k) => style?.[k] !== undefined)) return true;
  const key = keyOf(node);
  return selectors.some((s) => {
    const m = couldMatchElement(s, key);
    return m.matches && !m.pseudoElement;
  });
}

/**
 * An element whose text-align is a legacy `-webkit-` value when no author sets it: an aligned cell or row. `<center>`
 * is one too, but the native UA sheet centres its every descendant box by auto margins (chromium-ua-rules.ts), a
 * table's cells included, so a reset of the table's text would not bring its cells' text to the left: left as it is.
 */
function legacySource(node: Node): Legacy | null {
  const tag = node.tagName!.toLowerCase();
  if (!ALIGN_PARTS.has(tag)) return null;
  const attrs = (node.attributes ?? {}) as Record<string, string>;
  return LEGACY_ALIGN[(attrs.align ?? attrs.ALIGN ?? '').trim().toLowerCase()] ?? null;
}

/**
 * Chromium's reset of the legacy alignments at tables: `align` on a cell or row gives `text-align: -webkit-center`
 * (or `-webkit-left`, `-webkit-right`), and a table that would inherit one of these computes `start` instead
 * (Chromium's style adjuster: tables do not take the `-webkit-` values). takumi has no such values: the hints give it
 * plain `center` (presentational-hints.ts), which every nested table inherits, so an e-mail template's `<td align="center"><table>…<p>` had each paragraph centred where Chromium draws
 * it at the left. Such a table gets `text-align: left` as a UA-level preset (every author rule outranks it) where the
 * value it inherits is certainly a legacy one: nothing from the source down to the table, the table included, may
 * have an author's text-align (its `style`, or a stylesheet rule whose rightmost compound may match it). The legacy
 * value also places the table itself, as a block child, in the middle or at the right: auto side margins, where no
 * author may set its margins. Where that is not certain the tree is left as it was. Mutates the tree.
 */
export function resetLegacyAlignAtTables(root: Node, css: readonly string[]): void {
  const aligns = selectorsSetting(css, /^text-align$/i);
  const margins = selectorsSetting(css, /^margin(-left|-right|-inline.*)?$/i);
  const walk = (node: Node, legacy: Legacy | null) => {
    if (node.type !== 'container' && node.type !== 'text' && node.type !== 'image') return;
    let inherited = legacy;
    if (node.tagName) {
      const table = node.tagName.toLowerCase() === 'table';
      // a legacy alignment places a table as a block child: centred or to the right by auto side margins
      if (table && legacy && !authorSets(node, ['margin', 'marginLeft', 'marginRight'], margins)) node.preset = { ...(node.preset as Style), ...PLACED[legacy] } as typeof node.preset;
      if (authorSets(node, ['textAlign'], aligns)) inherited = null;
      else if (table && legacy) {
        node.preset = { ...(node.preset as Style), textAlign: 'left' } as typeof node.preset;
        inherited = null;
      } else inherited = legacySource(node) ?? inherited;
    }
    if (node.type === 'container') for (const child of node.children ?? []) walk(child, inherited);
  };
  walk(root, null);
}
