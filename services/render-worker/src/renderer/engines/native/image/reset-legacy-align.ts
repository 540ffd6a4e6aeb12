import type { Node } from '@takumi-rs/core';
import { parseCss } from '@rp/engine-gate';
import { elementKeyOf, selectsElement } from './could-match-element';

type Style = Record<string, unknown>;

/** The `align` values Chromium maps to a legacy `-webkit-` alignment (the HTML standard's rendering section). */
const LEGACY_ALIGN: Readonly<Record<string, Legacy>> = { center: 'center', middle: 'center', left: 'left', right: 'right' };
type Legacy = 'center' | 'left' | 'right';
/** The auto side margins that place a table as a legacy alignment places a block child. */
const PLACED: Readonly<Record<Legacy, Style>> = { center: { marginLeft: 'auto', marginRight: 'auto' }, right: { marginLeft: 'auto' }, left: {} };
const ALIGN_PARTS = new Set(['tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'caption', 'div', 'p']);
/** The UA displays (fromHtml's presets) of the boxes a legacy alignment places as block children. */
const BLOCKS = new Set(['block', 'flow-root', 'list-item', 'flex', 'grid']);


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
  const key = elementKeyOf(node);
  return selectors.some((s) => selectsElement(s, key));
}

/**
 * An element whose text-align is a legacy `-webkit-` value when no author sets it: `<center>`, and `align` on a table
 * part, a `div` or a `p` (measured in Chromium; a heading's `align` is a plain value).
 */
function legacySource(node: Node): Legacy | null {
  const tag = node.tagName!.toLowerCase();
  if (tag === 'center') return 'center';
  if (!ALIGN_PARTS.has(tag)) return null;
  const attrs = (node.attributes ?? {}) as Record<string, string>;
  return LEGACY_ALIGN[(attrs.align ?? attrs.ALIGN ?? '').trim().toLowerCase()] ?? null;
}

/**
 * The legacy alignments as Chromium draws them. `<center>` and `align` on a cell or row give `text-align:
 * -webkit-center` (or `-webkit-left`, `-webkit-right`), which takumi does not have: the UA sheet and the hints give it
 * `center` (chromium-ua-rules.ts, presentational-hints.ts). Two effects follow it down the tree until an author sets
 * text-align or a table is reached:
 * - each block box is placed by it, in the middle or at the right, as by auto side margins (Blink's legacy centring of
 *   block children), a table included;
 * - a table does not take it: Chromium's style adjuster computes `start` for a table that would inherit a `-webkit-`
 *   value. takumi's nested tables inherited `center`, so an e-mail's `<td align="center"><table>…<p>`, or a whole
 *   e-mail wrapped in `<center>`, drew each paragraph centred where Chromium draws it at the left.
 * Both go in as UA-level presets, which every author rule outranks: the side margins on the block boxes (fromHtml's
 * block displays) and tables, `text-align: left` on the tables. Only where the inherited value is certainly a legacy
 * one: nothing from the source down, the box included, may have an author's text-align (its `style`, or a stylesheet
 * rule whose rightmost compound may match it). Mutates the tree.
 */
export function resetLegacyAlignAtTables(root: Node, css: readonly string[]): void {
  const aligns = selectorsSetting(css, /^text-align$/i);
  const walk = (node: Node, legacy: Legacy | null) => {
    if (node.type !== 'container' && node.type !== 'text' && node.type !== 'image') return;
    let inherited = legacy;
    if (node.tagName) {
      const preset = (node.preset ?? {}) as Style;
      const table = node.tagName.toLowerCase() === 'table';
      if (legacy && (table || BLOCKS.has(String(preset.display)))) node.preset = { ...preset, ...PLACED[legacy], ...(table ? { textAlign: 'left' } : {}) } as typeof node.preset;
      if (authorSets(node, ['textAlign'], aligns)) inherited = null;
      else inherited = table ? null : legacySource(node) ?? inherited;
    }
    if (node.type === 'container') for (const child of node.children ?? []) walk(child, inherited);
  };
  walk(root, null);
}
