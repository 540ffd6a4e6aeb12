import type { Node } from '@takumi-rs/core';

type Style = Record<string, unknown>;

/**
 * A dimension attribute's value as CSS (HTML's "rules for parsing dimension values", zero ignored): `600` is 600px,
 * `100%` stays.
 */
function dimension(raw: string): string | null {
  const m = /^\s*(\d+(?:\.\d+)?)(%?)/.exec(raw);
  if (!m || Number(m[1]) === 0) return null;
  return m[2] ? `${m[1]}%` : `${m[1]}px`;
}
/** A non-negative integer attribute (`cellpadding`, `cellspacing`) as px. */
const pixels = (raw: string) => (/^\s*\d+/.test(raw) ? `${parseInt(raw, 10)}px` : null);
const colour = (raw: string) => (raw.trim() ? raw.trim() : null);
/** `align` as a text-align hint (`middle` is `center`). */
const TEXT_ALIGN: Readonly<Record<string, string>> = { left: 'left', right: 'right', center: 'center', middle: 'center', justify: 'justify' };
/**
 * Elements whose `align` Chromium maps to a legacy `-webkit-` alignment, not a plain text-align (measured): table
 * parts, `div` and `p` (reset-legacy-align.ts draws what that does beyond the text).
 */
export const LEGACY_ALIGNED: ReadonlySet<string> = new Set(['tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'caption', 'div', 'p']);
/** Elements outside TABLE_PARTS whose `align` is a text-align hint: the legacy ones, and headings (a plain one). */
const ALIGNED = new Set([...LEGACY_ALIGNED, 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** The text-align hint of an `align` attribute, or null. */
export const textAlignOf = (align: string | undefined) => (align ? (TEXT_ALIGN[align.trim().toLowerCase()] ?? null) : null);
/** The `valign` values mapped to vertical-align (native-ua-stylesheet.ts lets them outrank its table rules). */
export const VERTICAL_ALIGN: ReadonlySet<string> = new Set(['top', 'middle', 'bottom', 'baseline']);

/** The hints of one table, row or cell (the HTML standard's rendering section, "Tables"). */
function hintsOf(tag: string, attr: (name: string) => string | undefined): Style {
  const style: Style = {};
  const set = (prop: string, value: string | null | undefined) => {
    if (value) style[prop] = value;
  };
  const width = attr('width');
  const height = attr('height');
  if (tag === 'table' || tag === 'td' || tag === 'th') {
    if (width !== undefined) set('width', dimension(width));
    // a cell's height is the least it may be: Chromium's table layout grows the row to fit the content, while takumi
    // keeps a cell's `height` and lets the content overflow (a percentage stays a height)
    const h = height === undefined ? null : dimension(height);
    set(tag !== 'table' && !h?.endsWith('%') ? 'minHeight' : 'height', h);
  }
  if (attr('bgcolor') !== undefined) set('backgroundColor', colour(attr('bgcolor')!));
  const align = attr('align')?.trim().toLowerCase();
  if (tag === 'table' && align === 'center') Object.assign(style, { marginLeft: 'auto', marginRight: 'auto' });
  if (tag !== 'table') set('textAlign', textAlignOf(align));
  const valign = attr('valign')?.trim().toLowerCase();
  if (tag !== 'table' && valign && VERTICAL_ALIGN.has(valign)) style.verticalAlign = valign;
  if (tag === 'table' && attr('cellspacing') !== undefined) set('borderSpacing', pixels(attr('cellspacing')!));
  return style;
}

const TABLE_PARTS = new Set(['table', 'tr', 'td', 'th']);

/** An SVG length attribute as CSS: a number is px, a length or percentage stays; anything else is no hint. */
function svgLength(raw: string | undefined): string | null {
  const m = /^\s*((?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)(px|em|rem|ex|ch|%|pt|pc|cm|mm|in|q|vw|vh|vmin|vmax)?\s*$/i.exec(raw ?? '');
  return m ? `${m[1]}${m[2]?.toLowerCase() ?? 'px'}` : null;
}

/**
 * body's `bgcolor` and `text` (e-mail templates write `<body bgcolor="#f6f6f6">`; the canvas then takes body's
 * background as for any other, propagate-root-background.ts), an outer `<svg>`'s `width` and `height`, which are
 * presentation attributes for CSS `width` and `height` (takumi left them to resvg, which read `4rem` against no root
 * and drew the icon at another size), and the `align` of blocks and headings (`<p align="center">`).
 */
function otherHintsOf(tag: string, svg: boolean, attr: (name: string) => string | undefined): Style {
  const style: Style = {};
  const set = (prop: string, value: string | null) => {
    if (value) style[prop] = value;
  };
  if (tag === 'body') {
    set('backgroundColor', colour(attr('bgcolor') ?? ''));
    set('color', colour(attr('text') ?? ''));
  }
  if (svg) for (const k of ['width', 'height']) set(k, svgLength(attr(k)));
  if (ALIGNED.has(tag)) set('textAlign', textAlignOf(attr('align')));
  return style;
}

/**
 * The presentational attributes of tables, rows and cells that Chromium maps to CSS (the HTML standard's rendering
 * section): `width`/`height` as dimensions (a cell's height as its least height), `bgcolor`, a table's `align="center"` as auto side margins, a row's or
 * cell's `align` and `valign`, `cellspacing` as border-spacing and `cellpadding` as the padding of the table's own
 * cells. takumi ignores these attributes, and e-mail templates lay out with them (`<table width="100%"
 * align="center" cellpadding="0" cellspacing="0">`). They are presentational hints: above the UA's rules and below
 * every author rule, so they go into each node's preset (fromHtml's UA style), replacing its value of the property.
 * body's `bgcolor` and `text`, and an inline `<svg>`'s `width` and `height` (presentation attributes) are mapped the
 * same way.
 */
export function applyPresentationalHints(node: Node, cellPadding: string | null = null): void {
  if (node.type !== 'container' && node.type !== 'text' && node.type !== 'image') return;
  const tag = node.tagName?.toLowerCase() ?? '';
  const attrs = (node.attributes ?? {}) as Record<string, string>;
  const attr = (name: string) => attrs[name] ?? attrs[name.toUpperCase()];
  let padding = cellPadding;
  const hints = TABLE_PARTS.has(tag) ? hintsOf(tag, attr) : otherHintsOf(tag, node.type === 'image' && tag === 'svg', attr);
  if ((tag === 'td' || tag === 'th') && cellPadding) hints.padding = cellPadding;
  if (Object.keys(hints).length > 0) node.preset = { ...(node.preset as Style), ...hints } as typeof node.preset;
  // a table's cellpadding reaches its own cells, not a nested table's
  if (tag === 'table') padding = attr('cellpadding') !== undefined ? pixels(attr('cellpadding')!) : null;
  if (node.type === 'container') for (const child of node.children ?? []) applyPresentationalHints(child, padding);
}
