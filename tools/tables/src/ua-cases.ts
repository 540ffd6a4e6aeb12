/**
 * The elements whose user-agent style measure-ua-defaults.ts measures: the ones real templates use that a renderer
 * draws (form controls other than `button` stay refused by the gate, so they are not here). Each is keyed by the
 * selector its declarations are for, and placed where a template would put it: `data-t` marks the measured element.
 * `base` is the plain element it is compared with (a div for blocks, a span for inline elements); `extends` names the
 * case whose declarations also apply (a nested list is a list first).
 */
export interface UaCase {
  key: string;
  /** Markup inside a plain div in the body; null measures the body itself. */
  markup: string | null;
  base: 'div' | 'span';
  extends?: string;
}

const block = (tag: string, inner = 'x'): UaCase => ({ key: tag, markup: `<${tag} data-t>${inner}</${tag}>`, base: 'div' });
const inline = (tag: string): UaCase => ({ key: tag, markup: `<${tag} data-t>x</${tag}>`, base: 'span' });
const nested = (tags: string[]): UaCase => ({
  key: tags.join(' '),
  markup: tags.map((t, i) => `<${t}${i === tags.length - 1 ? ' data-t' : ''}><li>`).join('') + 'x' + [...tags].reverse().map((t) => `</li></${t}>`).join(''),
  base: 'div',
  extends: tags.length > 2 ? tags.slice(1).join(' ') : tags[tags.length - 1],
});
const inTable = (tag: string, markup: string): UaCase => ({ key: tag, markup: `<table>${markup}</table>`, base: 'div' });

export const UA_CASES: readonly UaCase[] = [
  { key: 'body', markup: null, base: 'div' },
  ...['p', 'blockquote', 'figure', 'figcaption', 'address', 'center', 'pre'].map((t) => block(t)),
  ...['article', 'section', 'header', 'footer', 'nav', 'main', 'aside'].map((t) => block(t)),
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((t) => block(t)),
  block('hr', ''),
  block('ul', '<li>x</li>'),
  block('ol', '<li>x</li>'),
  { key: 'li', markup: '<ul><li data-t>x</li></ul>', base: 'div' },
  nested(['ul', 'ul']),
  nested(['ol', 'ul']),
  nested(['ul', 'ol']),
  nested(['ol', 'ol']),
  nested(['ul', 'ul', 'ul']),
  block('dl', '<dt>x</dt><dd>y</dd>'),
  { key: 'dt', markup: '<dl><dt data-t>x</dt><dd>y</dd></dl>', base: 'div' },
  { key: 'dd', markup: '<dl><dt>x</dt><dd data-t>y</dd></dl>', base: 'div' },
  { key: 'table', markup: '<table data-t><tbody><tr><td>x</td></tr></tbody></table>', base: 'div' },
  inTable('caption', '<caption data-t>x</caption><tbody><tr><td>x</td></tr></tbody>'),
  inTable('thead', '<thead data-t><tr><th>x</th></tr></thead>'),
  inTable('tbody', '<tbody data-t><tr><td>x</td></tr></tbody>'),
  inTable('tfoot', '<tfoot data-t><tr><td>x</td></tr></tfoot>'),
  inTable('tr', '<tbody><tr data-t><td>x</td></tr></tbody>'),
  inTable('td', '<tbody><tr><td data-t>x</td></tr></tbody>'),
  inTable('th', '<tbody><tr><th data-t>x</th></tr></tbody>'),
  { key: 'a[href]', markup: '<a href="#x" data-t>x</a>', base: 'span' },
  ...['b', 'strong', 'i', 'em', 'cite', 'var', 'dfn', 'u', 'ins', 's', 'strike', 'del', 'small', 'big', 'sub', 'sup'].map(inline),
  ...['mark', 'code', 'kbd', 'samp', 'tt', 'nobr', 'button'].map(inline),
];

/**
 * The computed properties that decide what a box draws (its box, text, list marker and colours): the ones the UA
 * declarations are collected for and compared on. Physical longhands (the page is horizontal, left to right).
 */
export const DRAW_PROPERTIES: readonly string[] = [
  'display', 'box-sizing', 'appearance', 'overflow-x', 'overflow-y', 'cursor',
  ...['top', 'right', 'bottom', 'left'].flatMap((s) => [`margin-${s}`, `padding-${s}`, `border-${s}-width`, `border-${s}-style`, `border-${s}-color`]),
  'border-collapse', 'border-spacing',
  'font-family', 'font-size', 'font-weight', 'font-style', 'line-height',
  'color', 'background-color',
  'text-align', 'vertical-align', 'text-indent', 'text-transform', 'letter-spacing', 'word-spacing', 'text-shadow',
  'text-decoration-line', 'text-decoration-style', 'white-space',
  'list-style-type', 'list-style-position', 'list-style-image',
];
