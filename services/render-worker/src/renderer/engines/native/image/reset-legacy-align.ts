import type { Node } from '@takumi-rs/core';
import { authorMaySet, selectorsDeclaring } from './author-may-set';
import { displayOf } from './node-display';
import { LEGACY_ALIGNED, textAlignOf } from './presentational-hints';

type Style = Record<string, unknown>;
type Legacy = 'center' | 'left' | 'right';
/** The auto side margins that place a block box or a table as a legacy alignment places a block child. */
const PLACED: Readonly<Record<Legacy, Style>> = { center: { marginLeft: 'auto', marginRight: 'auto' }, right: { marginLeft: 'auto' }, left: {} };
/** The displays of the boxes a legacy alignment places as block children. */
const BLOCKS = new Set(['block', 'flow-root', 'list-item', 'flex', 'grid']);

/**
 * An element whose text-align is a legacy `-webkit-` value when no author sets it: `<center>`, and a `center`,
 * `left` or `right` `align` on one of LEGACY_ALIGNED (a `justify` one is plain).
 */
function legacySource(node: Node): Legacy | null {
  const tag = node.tagName!.toLowerCase();
  if (tag === 'center') return 'center';
  if (!LEGACY_ALIGNED.has(tag)) return null;
  const attrs = (node.attributes ?? {}) as Record<string, string>;
  const align = textAlignOf(attrs.align ?? attrs.ALIGN);
  return align === 'center' || align === 'left' || align === 'right' ? align : null;
}

/**
 * The legacy alignments as Chromium draws them. `<center>` and `align` on a table part, a `div` or a `p` give
 * `text-align: -webkit-center` (or `-webkit-left`, `-webkit-right`), which takumi does not have: the UA sheet and the hints give it
 * `center` (chromium-ua-rules.ts, presentational-hints.ts). Two effects follow it down the tree until an author sets
 * text-align or a table is reached:
 * - each block box is placed by it, in the middle or at the right, as by auto side margins (Blink's legacy centring of
 *   block children), a table included;
 * - a table does not take it: Chromium's style adjuster computes `start` for a table that would inherit a `-webkit-`
 *   value. takumi's nested tables inherited `center`, so an e-mail's `<td align="center"><table>…<p>`, or a whole
 *   e-mail wrapped in `<center>`, drew each paragraph centred where Chromium draws it at the left.
 * Both go in as UA-level presets, which every author rule outranks: the side margins on the block boxes (fromHtml's
 * block displays, or a block display in the element's `style`: e-mails' `<td align="center"><img style="display:block">`)
 * and tables, `text-align: left` on the tables. Only where the inherited value is certainly a legacy
 * one: nothing from the source down, the box included, may have an author's text-align (its `style`, or a stylesheet
 * rule whose rightmost compound may match it). Mutates the tree.
 */
export function resetLegacyAlignAtTables(root: Node, css: readonly string[]): void {
  // read once, and only when the tree has a legacy alignment to follow
  let aligns: string[] | undefined;
  const walk = (node: Node, legacy: Legacy | null) => {
    if (node.type !== 'container' && node.type !== 'text' && node.type !== 'image') return;
    let inherited = legacy;
    if (node.tagName) {
      const preset = (node.preset ?? {}) as Style;
      const table = node.tagName.toLowerCase() === 'table';
      if (legacy && (table || BLOCKS.has(displayOf(node)))) node.preset = { ...preset, ...PLACED[legacy], ...(table ? { textAlign: 'left' } : {}) } as typeof node.preset;
      const carried = table ? null : (legacySource(node) ?? legacy);
      inherited = carried && !authorMaySet(node, 'textAlign', (aligns ??= selectorsDeclaring(css, /^(text-align|all)$/i))) ? carried : null;
    }
    if (node.type === 'container') for (const child of node.children ?? []) walk(child, inherited);
  };
  walk(root, null);
}
