import { pinnableUrl } from '@rp/workflow-safe';
import { html } from 'parse5';
import { CHROMIUM_UA_DEFAULTS } from './chromium-ua-defaults';
import { cssUrls } from './css-urls';

// What the native engine (takumi, @takumi-rs/core 2.x) draws, as explicit allow-lists: anything not listed sends a
// version to Chromium with a reason code (static-gate.ts). Built from takumi's CSS layer (takumi-css
// `style/properties`: layout, flex, grid, background*, border, box_shadow, clip_path, filter, font_*, line_clamp,
// text_* , transform, white_space, word_break, z_index ...) and its HTML conversion (@takumi-rs/helpers `fromHtml`).
// Kept short on purpose: a property that is listed but drawn differently is caught by the parity check, a
// property that is missing here only costs a version the fast path. docs/engines.md lists what is left out.

const SIDES = ['top', 'right', 'bottom', 'left'];
const expand = (base: string, parts: string[]) => parts.map((p) => `${base}-${p}`);

/**
 * CSS properties the native engine draws (lower case; custom properties `--*` are always allowed), by the names
 * Chromium stores them under: the gate judges CSS as normalizeCss leaves it, so a prefixed alias is judged as its
 * property, and a property Chromium does not know is gone. `font`: takumi 2.16 drops the shorthand, and the engine's
 * document preparation expands it into the longhands before takumi sees it. `line-clamp`: what the `-webkit-box`
 * line-clamp idiom becomes (Chromium parses no other clamp).
 */
export const NATIVE_CSS_PROPERTIES: ReadonlySet<string> = new Set([
  // box and position
  'display', 'position', ...SIDES, 'inset', 'width', 'height', 'min-width', 'min-height', 'max-width', 'max-height',
  'aspect-ratio', 'box-sizing', 'margin', ...expand('margin', SIDES), 'padding', ...expand('padding', SIDES),
  'overflow', 'overflow-x', 'overflow-y', 'z-index', 'order',
  // flex and grid
  'flex', 'flex-direction', 'flex-wrap', 'flex-flow', 'flex-grow', 'flex-shrink', 'flex-basis',
  'justify-content', 'justify-items', 'justify-self', 'align-content', 'align-items', 'align-self',
  'place-content', 'place-items', 'place-self', 'gap', 'row-gap', 'column-gap',
  'grid', 'grid-template', 'grid-template-columns', 'grid-template-rows', 'grid-template-areas', 'grid-auto-columns',
  'grid-auto-rows', 'grid-auto-flow', 'grid-column', 'grid-column-start', 'grid-column-end', 'grid-row',
  'grid-row-start', 'grid-row-end', 'grid-area',
  // paint
  'background', 'background-color', 'background-image', 'background-position', 'background-size', 'background-repeat',
  'border', 'border-width', 'border-style', 'border-color', ...expand('border', SIDES),
  ...SIDES.flatMap((s) => expand(`border-${s}`, ['width', 'style', 'color'])),
  'border-radius', ...expand('border', ['top-left-radius', 'top-right-radius', 'bottom-left-radius', 'bottom-right-radius']),
  'box-shadow', 'opacity', 'filter', 'clip-path', 'mix-blend-mode', 'color',
  'transform', 'transform-origin', 'rotate', 'scale', 'translate', 'object-fit', 'object-position',
  // text
  'font', 'font-family', 'font-size', 'font-weight', 'font-style', 'font-stretch', 'font-synthesis',
  'font-feature-settings', 'font-variation-settings', 'line-height', 'letter-spacing', 'text-align', 'text-transform',
  'text-decoration', 'text-decoration-line', 'text-decoration-color', 'text-indent', 'text-overflow', 'text-shadow',
  '-webkit-text-stroke', '-webkit-text-stroke-width', '-webkit-text-stroke-color', 'text-wrap', 'white-space',
  'word-break', 'overflow-wrap', 'line-clamp', 'vertical-align',
  // list markers (takumi draws them; lists are checked by parity, NATIVE_UA_ELEMENTS)
  'list-style', 'list-style-type', 'list-style-position',
  // tables (takumi lays out display: table and its parts)
  'border-collapse', 'border-spacing', 'table-layout', 'caption-side', 'empty-cells',
  // no effect on a still image: harmless in both engines
  'cursor', 'pointer-events', 'user-select', 'transition', 'transition-property', 'transition-duration',
  'will-change', '-webkit-font-smoothing', 'text-rendering', 'content',
  // touch, mobile text inflation, scrolling, printing and form-control appearance: nothing of it shows in a still
  // desktop render (form controls themselves are refused as elements)
  'text-size-adjust', '-webkit-tap-highlight-color', 'touch-action', 'caret-color',
  'scroll-behavior', 'overscroll-behavior', 'overscroll-behavior-x', 'overscroll-behavior-y',
  'print-color-adjust', 'appearance',
  // `float` is refused wherever it applies, and with nothing floated `clear` moves nothing (e-mail resets and
  // clearfix rules write it)
  'clear',
  // fragmentation: a still or a video is one unfragmented canvas (multi-column layout, where `break-*` also breaks
  // columns, is refused), so Chromium ignores these on screen as takumi does; print sheets write them
  'break-before', 'break-after', 'break-inside', 'orphans', 'widows', 'page',
  // with the values unsupportedValue lets through
  'visibility', 'color-scheme', 'hyphens', 'word-spacing',
  'outline', 'outline-style', 'outline-width', 'outline-color', 'outline-offset',
]);

const CSS_WIDE = ['inherit', 'initial', 'unset', 'revert', 'revert-layer'];

/**
 * Values takumi 2.16 fails a render on that are their property's initial value (measured one by one): the native
 * preparation writes `initial` for them, which takumi reads and draws as Chromium draws the value.
 */
export const TAKUMI_UNREAD_INITIALS: Readonly<Record<string, string>> = {
  'letter-spacing': 'normal',
  'word-spacing': 'normal',
  'align-self': 'auto',
  'justify-self': 'auto',
  'place-self': 'auto',
  translate: 'none',
};

/**
 * Properties the native engine draws with some values only: whether it draws this one (lower case, `!important`
 * off). `visibility`: takumi hides and shows again as Chromium does, and fails a render on `collapse`.
 * `color-scheme`: renders prefer the light scheme, so a list that offers `light` changes nothing; `dark` alone
 * gives the page dark UA colours. `hyphens`: Chromium here has no hyphenation dictionary (component updates are
 * off), so `auto` breaks words only where `manual` does, as takumi does (measured in
 * css-normalization-parity.browser.test.ts).
 */
const NATIVE_PROPERTY_VALUES: Readonly<Record<string, (value: string) => boolean>> = {
  // values takumi 2.16 fails a render on (in a `style` attribute; a stylesheet's it drops), measured one by one, which
  // no other value writes exactly
  position: (v) => v !== 'sticky' && v !== '-webkit-sticky',
  'white-space': (v) => v !== 'break-spaces',
  'justify-content': (v) => v !== 'left' && v !== 'right',
  'text-align': (v) => !v.startsWith('-webkit-'),
  visibility: (v) => ['visible', 'hidden', ...CSS_WIDE].includes(v),
  'color-scheme': (v) => v === 'normal' || CSS_WIDE.includes(v) || v.split(/\s+/).includes('light'),
  hyphens: (v) => ['manual', 'auto', ...CSS_WIDE].includes(v),
};

/** `display` values the native engine lays out (list items and `contents` are Chromium's). */
const NATIVE_DISPLAY_VALUES: ReadonlySet<string> = new Set([
  'block', 'flex', 'grid', 'none', 'inline', 'inline-block', 'inline-flex', 'inline-grid',
  'table', 'inline-table', 'table-row', 'table-cell', 'table-row-group', 'table-header-group', 'table-footer-group',
  'table-caption', 'table-column', 'table-column-group',
]);

const OUTLINE_STYLES = /\b(auto|dotted|dashed|solid|double|groove|ridge|inset|outset)\b/;

/**
 * What an allowed property's value (lower case, `!important` off) needs that the native engine does not draw, as the
 * part of a reason after `unsupported_css:`, or null when it draws it:
 * - `display` beyond NATIVE_DISPLAY_VALUES;
 * - an outline that draws one (takumi draws none): only a style other than `none` does, as an outline's width,
 *   colour and offset draw nothing without it, and resets (`outline: none`, `outline: 0`) are everywhere;
 * - a background attachment other than the initial `scroll` (which the preparation leaves out of the shorthand);
 * - the values NATIVE_PROPERTY_VALUES refuses.
 */
export function unsupportedValue(prop: string, value: string): string | null {
  if (prop === 'display') return NATIVE_DISPLAY_VALUES.has(value) ? null : `display:${value}`;
  if (prop === 'outline' || prop === 'outline-style') return OUTLINE_STYLES.test(value) || /\b(var|env|attr)\(/.test(value) ? prop : null;
  if (prop === 'background') return /(^|[\s,])(fixed|local)($|[\s,])/.test(value) ? 'background-attachment' : null;
  return NATIVE_PROPERTY_VALUES[prop]?.(value) === false ? `${prop}:${value}` : null;
}

/**
 * Elements the native engine draws with Chromium's user-agent rules for them (chromium-ua-defaults.ts, measured),
 * which its UA stylesheet applies (render worker, chromium-ua-rules.ts): list markers as takumi draws them, a
 * `<center>`'s centring of blocks, a `<button>` as Chromium's theme paints it, a link's colour and underline
 * (`a[href]`; takumi gives `<a>` no style of its own). Each was checked by parity against Chromium (render worker,
 * parity/css-normalization-parity.browser.test.ts).
 */
export const NATIVE_UA_ELEMENTS: ReadonlySet<string> = new Set(['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'center', 'button', 'a']);

/**
 * Elements the native engine draws. `svg`: takumi's HTML conversion turns an inline `<svg>` into an image of its
 * markup (drawn by resvg), so its content is not walked as HTML (static-gate.ts checks it for script and
 * `foreignObject`, which resvg does not draw). `link`: only a stylesheet link is refused (an external stylesheet the
 * version has not pinned); preconnect, icon and preload links draw nothing in either engine. `form` and `label`
 * are plain containers when they hold no controls. Tables: takumi lays out `display: table` and its parts.
 */
export const NATIVE_ELEMENTS: ReadonlySet<string> = new Set([
  'html', 'head', 'body', 'style', 'meta', 'title', 'link',
  'div', 'span', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'img', 'br', 'hr', 'a',
  'strong', 'b', 'em', 'i', 'u', 's', 'small', 'mark', 'code', 'pre', 'blockquote', 'q', 'sub', 'sup',
  'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'figcaption',
  'svg', 'form', 'label', 'time', 'cite', 'abbr', 'del', 'ins', 'kbd', 'samp', 'var', 'address',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ...NATIVE_UA_ELEMENTS,
]);

const CHROMIUM_KNOWN_ELEMENTS: ReadonlySet<string> = new Set(CHROMIUM_UA_DEFAULTS.knownElements);

/**
 * Whether Chromium draws an element as a plain inline box with no user-agent style, as a `<span>`, which takumi
 * draws it as too: an element of the HTML namespace Chromium does not know (`<unsubscribe>` of an e-mail service,
 * Word's `<o:p>`) or a custom element nobody defined (a template's scripts are refused, so none is). MathML and
 * other foreign content is not.
 */
export function drawnAsSpan(el: { tagName: string; namespaceURI: string }): boolean {
  return el.namespaceURI === html.NS.HTML && !CHROMIUM_KNOWN_ELEMENTS.has(el.tagName.toLowerCase());
}

/**
 * Selector pseudo-classes the native engine does not match (measured: takumi 2.16 never applies a rule with
 * `:has()`, while it applies `:not()`, `:first-child` and the sibling combinators): a rule that uses one and matches
 * an element of the document draws differently, its reason `unsupported_css:selector:<name>`.
 */
export const UNMATCHED_PSEUDO_CLASSES: ReadonlySet<string> = new Set(['has']);

/** Elements inside an inline `<svg>` that resvg does not draw as Chromium does (HTML content). */
export const SVG_UNSUPPORTED = new Set(['foreignobject']);

/**
 * Whether the native engine loads an `@font-face` `src`: an uploaded font (asset://), inline data, or a URL the
 * version pinned at save (its bytes are stored with the version and handed to the engine like an asset's); `base`: the
 * URL of the pinned stylesheet the rule is in, which its relative sources resolve against.
 */
export function nativeFontSource(src: string, pinned: ReadonlySet<string>, base?: string): boolean {
  const url = cssUrls(src)[0]?.url ?? '';
  if (/^(asset:|data:)/i.test(url)) return true;
  const abs = pinnableUrl(url, base);
  return abs !== null && pinned.has(abs);
}
