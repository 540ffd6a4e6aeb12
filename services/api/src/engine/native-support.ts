// What the native engine (takumi, @takumi-rs/core 2.x) draws, as explicit allow-lists: anything not listed sends a
// version to Chromium with a reason code (static-gate.ts). Built from takumi's CSS layer (takumi-css
// `style/properties`: layout, flex, grid, background*, border, box_shadow, clip_path, filter, font_*, line_clamp,
// text_* , transform, white_space, word_break, z_index ...) and its HTML conversion (@takumi-rs/helpers `fromHtml`).
// Kept short on purpose: a property that is listed but drawn differently is caught by the parity check, a
// property that is missing here only costs a version the fast path. docs/engines.md lists what is left out.

const SIDES = ['top', 'right', 'bottom', 'left'];
const expand = (base: string, parts: string[]) => parts.map((p) => `${base}-${p}`);

/** CSS properties the native engine draws (lower case; custom properties `--*` are always allowed). */
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
  'word-break', 'overflow-wrap', 'word-wrap', 'line-clamp', '-webkit-line-clamp', 'vertical-align',
  // no effect on a still image: harmless in both engines
  'cursor', 'pointer-events', 'user-select', 'transition', 'transition-property', 'transition-duration',
  'will-change', '-webkit-font-smoothing', '-moz-osx-font-smoothing', 'text-rendering', 'content',
]);

/** `display` values the native engine lays out (tables, lists as list-items, `contents` are Chromium's). */
export const NATIVE_DISPLAY_VALUES: ReadonlySet<string> = new Set([
  'block', 'flex', 'grid', 'none', 'inline', 'inline-block', 'inline-flex', 'inline-grid',
]);

/** Elements the native engine draws; anything else (table, svg, canvas, form controls, media, iframes) is not. */
export const NATIVE_ELEMENTS: ReadonlySet<string> = new Set([
  'html', 'head', 'body', 'style', 'meta', 'title',
  'div', 'span', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'img', 'br', 'hr', 'a',
  'strong', 'b', 'em', 'i', 'u', 's', 'small', 'mark', 'code', 'pre', 'blockquote', 'q', 'sub', 'sup',
  'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'figcaption',
]);

/**
 * Font families the native engine has without an @font-face: the ones scripts/setup.sh installs for Chromium
 * (fonts-dejavu-core, fonts-liberation, fonts-noto-color-emoji) and the generic families, which it maps to them.
 * Lower case, unquoted.
 */
export const NATIVE_FONT_FAMILIES: ReadonlySet<string> = new Set([
  'dejavu sans', 'dejavu sans mono', 'dejavu serif', 'liberation sans', 'liberation serif', 'liberation mono',
  'liberation sans narrow', 'noto color emoji',
  'sans-serif', 'serif', 'monospace', 'system-ui', 'ui-sans-serif', 'ui-serif', 'ui-monospace', 'emoji',
  'inherit', 'initial', 'unset', 'revert',
]);

/** `@font-face` sources the native engine can load: an uploaded font (asset://) or inline data. */
export const NATIVE_FONT_SOURCE = /^\s*url\(\s*['"]?(asset:|data:)/i;
