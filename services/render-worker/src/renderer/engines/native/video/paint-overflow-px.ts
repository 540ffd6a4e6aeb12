import type { CssInput, Node } from '@takumi-rs/core';
import { eachDeclaration } from '../image/each-declaration';

/**
 * How far a property can paint outside an element's border box, per px written in its value: a shadow by its offset,
 * blur and spread (each at most once), a filter's blur by three of its radii (the Gaussian's visible tail), an
 * outline by its width and offset.
 */
const OVERFLOW: Record<string, number> = {
  'box-shadow': 1, 'text-shadow': 1, filter: 3, 'backdrop-filter': 3, outline: 1, 'outline-width': 1, 'outline-offset': 1,
  '-webkit-text-stroke': 1, '-webkit-text-stroke-width': 1,
};
/** A length in any unit but px: its size in px is not known from the text alone. */
const OTHER_LENGTH = /\d(?:em|rem|ex|ch|%|vw|vh|vmin|vmax|svh|lvh|dvh|cm|mm|in|pt|pc|q)\b/i;

/**
 * The farthest any element of the document can paint outside its border box, in px: per kind of overflow, the
 * largest sum of the px lengths in one declaration, added up over the kinds (one element can have a shadow, a
 * filter and an outline at once). Null when a value uses another unit, a var() or calc(), or a stylesheet cannot be
 * read: the bound is not known, and every frame is drawn whole.
 */
export function paintOverflowPx(node: Node, css: readonly CssInput[]): number | null {
  const largest = new Map<string, number>();
  let known = true;
  const readable = eachDeclaration(node, css, (prop, value) => {
    const factor = OVERFLOW[prop];
    if (factor === undefined) return;
    if (OTHER_LENGTH.test(value) || /\b(var|calc|env|attr)\(/i.test(value)) known = false;
    const px = [...value.matchAll(/(-?\d*\.?\d+)px\b/gi)].reduce((s, m) => s + Math.abs(Number(m[1])), 0);
    const kind = prop.replace(/-width$/, '');
    // an outline or stroke whose width is a keyword, or not given (its style alone), is at most `thick`: 5px
    const byKeyword = /\b(thin|medium|thick)\b/i.test(value) || (px === 0 && !/^(none|0|0px)$/i.test(value.trim()));
    const keywordWidth = (kind === 'outline' || kind === '-webkit-text-stroke') && byKeyword ? 5 : 0;
    largest.set(kind, Math.max(largest.get(kind) ?? 0, px * factor + keywordWidth));
  });
  if (!readable || !known) return null;
  return [...largest.values()].reduce((s, x) => s + x, 0);
}
