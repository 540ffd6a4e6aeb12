import { defaultTreeAdapter, parse, serialize, type DefaultTreeAdapterMap } from 'parse5';
import { fromHtml } from '@takumi-rs/helpers/html';
import type { Node } from '@takumi-rs/core';
import { RenderFailure } from '../../../types';
import type { Root } from 'postcss';
import { cssUrls, materializePseudoElements, normalizeCss, parseCss, remPx, rewriteCssUrls, type Viewport } from '@rp/engine-gate';
import { extractFontFaces, type FontFaceRule } from './extract-font-faces';
import { expandFontInCss, expandFontInStyle } from './expand-font-shorthand';
import { nativeFamiliesInCss, nativeFamiliesInStyle } from './native-font-families';
import { normalizedCss } from './normalized-css';
import { propagateRootBackground } from './propagate-root-background';
import { applyPresentationalHints } from './presentational-hints';
import { resetLegacyAlignAtTables } from './reset-legacy-align';
import { dropTablePartMargins } from './table-part-margins';
import { svgFontFamilies } from './svg-font-families';
import { splitTurns } from './split-turns';
import { dropTrailingBreaks } from './trailing-line-breaks';

/** More elements than any card needs; a document past it fails with a clear code instead of stalling the engine. */
export const MAX_NATIVE_NODES = 10_000;
/** Start tags, counted on the raw text before any parse: the cap then costs milliseconds, not a parse of it all. */
const START_TAG = /<[a-zA-Z]/g;
/** A declaration that keeps white space somewhere in the document (`pre`, `pre-wrap`, `pre-line`, `break-spaces`). */
const PRESERVES_SPACES = /white-space(?:-collapse)?\s*:\s*(?:pre|break-spaces|preserve)/i;

export interface NativeDocument {
  node: Node;
  /** The document's stylesheets, @font-face rules taken out. */
  css: string[];
  fontFaces: FontFaceRule[];
  /** Every image URL the tree references that is not a data: URL (img src, url() in styles and stylesheets). */
  imageUrls: string[];
  /** Elements that shrink their text to fit (`data-fit="shrink"`), as child-index paths from the root. */
  fitPaths: number[][];
  nodes: number;
}

const isFetched = (url: string) => url !== '' && !/^data:/i.test(url) && !url.startsWith('<');

function styleUrls(style: Record<string, unknown> | undefined): string[] {
  if (!style) return [];
  return Object.values(style).flatMap((v) => (typeof v === 'string' && /url\(/i.test(v) ? cssUrls(v).map((u) => u.url) : []));
}

/**
 * A value with each empty `url()` replaced by `none`: `url("")` names the page itself, which a browser never draws
 * as an image (it keeps the rest of the declaration: `background: #fff url("")` is white), while takumi fails the
 * render on an image it cannot load.
 */
const dropEmptyUrls = (css: string) => rewriteCssUrls(css, (url, token) => (url ? token : 'none'));

/**
 * The composed document as takumi's node tree. The HTML goes through parse5 first (the WHATWG tree construction a
 * browser does: unquoted attributes, implied end tags, entities) and is serialised back to canonical markup, which
 * takumi's own converter (`fromHtml`, a light tokenizer that misreads unquoted attributes) then turns into nodes
 * with Chromium's element presets; `::before` and `::after` boxes become elements on the way
 * (materializePseudoElements), since takumi draws pseudo-elements short of Chromium. Nothing here fetches; the URLs
 * are only listed for the engine to fetch through the guard.
 * `viewport`: the canvas, which the math functions the gate let through are computed on (normalized-css.ts), with
 * the document's `rem` where nothing sets the root's font size (remPx, as the gate read it).
 */
export function prepareNativeDocument(document: string, viewport?: Viewport): NativeDocument {
  let tags = 0;
  for (const _ of document.matchAll(START_TAG)) {
    if (++tags > MAX_NATIVE_NODES) throw tooComplex();
  }
  let converted: { node: Node; css: string[] };
  try {
    const tree = parse(document);
    browserDefaults(tree, PRESERVES_SPACES.test(document), viewport && { ...viewport, rem: remOf(document, tree) });
    converted = fromHtml(materializePseudoElements(serialize(tree)));
    rootsFormatTheirBlocks(converted.node);
    dropTrailingBreaks(converted.node);
    applyPresentationalHints(converted.node);
    resetLegacyAlignAtTables(converted.node, converted.css);
    dropTablePartMargins(converted.node, converted.css);
    converted.css = propagateRootBackground(converted.node, converted.css);
  } catch (err) {
    throw new RenderFailure('template_invalid', `the native engine cannot read this template: ${(err as Error).message}`);
  }
  const urls = new Set<string>();
  const fontFaces: FontFaceRule[] = [];
  const sheets = converted.css.map((sheet) => {
    const { rules, rest } = extractFontFaces(dropEmptyUrls(sheet));
    fontFaces.push(...rules);
    return expandFontInCss(rest);
  });
  const declared = new Set(fontFaces.map((f) => f.family.toLowerCase()));
  const css = sheets.map((sheet) => {
    for (const { url } of cssUrls(sheet)) if (isFetched(url)) urls.add(url);
    return nativeFamiliesInCss(sheet, declared);
  });
  // an element's own `style` may run shared keyframes with another timing function: then no turn is split
  if (!styleAnimates(converted.node)) css.splice(0, css.length, ...splitTurns(css));
  const fitPaths: number[][] = [];
  let nodes = 0;
  const walk = (node: Node, path: number[]) => {
    if (++nodes > MAX_NATIVE_NODES) throw tooComplex();
    if (node.style) node.style = nativeFamiliesInStyle(expandFontInStyle(withoutEmptyUrls(node.style as Record<string, unknown>)), declared) as typeof node.style;
    if (node.preset) node.preset = nativeFamiliesInStyle(node.preset as Record<string, unknown>, declared) as typeof node.preset;
    if (node.type === 'image' && typeof node.src === 'string' && isFetched(node.src)) urls.add(node.src);
    if (node.type === 'image' && typeof node.src === 'string' && node.src.startsWith('<')) node.src = svgFontFamilies(node.src, declared);
    for (const u of [...styleUrls(node.style as Record<string, unknown>), ...styleUrls(node.preset as Record<string, unknown>)]) {
      if (isFetched(u)) urls.add(u);
    }
    if (node.attributes?.['data-fit']?.toLowerCase() === 'shrink') fitPaths.push(path);
    if (node.type === 'container') node.children?.forEach((c, i) => walk(c, [...path, i]));
  };
  walk(converted.node, []);
  return { node: converted.node, css, fontFaces, imageUrls: [...urls], fitPaths, nodes };
}

/** Whether any element's own `style` names an animation property. */
const styleAnimates = (node: Node): boolean =>
  Object.keys((node.style as Record<string, unknown> | undefined) ?? {}).some((k) => /^animation/i.test(k)) ||
  (node.type === 'container' && (node.children ?? []).some(styleAnimates));

function withoutEmptyUrls(style: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(style)) out[k] = typeof v === 'string' && /url\(/i.test(v) ? dropEmptyUrls(v) : v;
  return out;
}

/**
 * html and body as the block formatting contexts they are in Chromium: the root always is one, and the canvas rule
 * (composeDocument's `overflow:hidden!important` on both) makes body one, so no child's margin collapses through
 * their edges. takumi collapses margins through a block with `overflow:hidden`, which moved body's box (and its
 * background) down by a child's top margin. `flow-root` is the block display that says so; set on fromHtml's preset
 * (the UA's display), so an author's `display` still wins.
 */
function rootsFormatTheirBlocks(root: Node): void {
  const body = root.type === 'container' ? root.children?.find((c) => c.tagName?.toLowerCase() === 'body') : undefined;
  for (const n of [root, body]) {
    if (n?.preset && (n.preset as Record<string, unknown>).display === 'block') n.preset = { ...n.preset, display: 'flow-root' } as typeof n.preset;
  }
}

const tooComplex = () => new RenderFailure('template_too_complex', `the template has more than ${MAX_NATIVE_NODES} elements and text runs`);

/** A transparent pixel: what Chromium shows for an `<img>` without a source (nothing), at the size CSS gives it. */
export const BLANK = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

type ParentNode = DefaultTreeAdapterMap['parentNode'];

/** A math function with a `rem` in it, anywhere in the document (a cheap test: only such a document needs remPx). */
const REM_IN_MATH = /(?<![\w-])(?:min|max|clamp)\([^;{}]*?\drem\b/i;

/** The document's `rem` in px (remPx), read only where a math function uses one: it parses the document again. */
const remOf = (document: string, tree: ParentNode) => (REM_IN_MATH.test(document) ? remPx(document, styleSheets(tree)) : undefined);

/** The document's `<style>` sheets as the gate reads them (one that cannot be read is left out: the gate refused it). */
function styleSheets(node: ParentNode, into: Root[] = []): Root[] {
  for (const child of defaultTreeAdapter.getChildNodes(node)) {
    if (!defaultTreeAdapter.isElementNode(child)) continue;
    if (child.tagName === 'style') {
      const text = defaultTreeAdapter.getChildNodes(child).map((t) => (defaultTreeAdapter.isTextNode(t) ? t.value : '')).join('');
      try {
        into.push(normalizeCss(parseCss(text)));
      } catch {
        // left out
      }
    } else if (child.tagName !== 'template') styleSheets(child, into);
  }
  return into;
}

/**
 * What takumi's converter does differently from a browser, undone on the parsed tree:
 * - its CSS is read as Chromium reads it, as the static gate judged it (normalized-css.ts): every `<style>` and
 *   `style` attribute;
 * - it refuses an `<img>` without `src`; Chromium draws nothing there (an image placeholder left without a value
 *   binds an empty `src`). The element keeps its box, so the layout is the same;
 * - it applies Tailwind classes from a `tw` attribute (satori's convention, so templates written for satori carry
 *   it); a browser ignores an unknown attribute, so the native engine must too;
 * - it drops the text before an HTML comment in the same element (`Need help?<!-- --> <a>Contact</a>`, which React's
 *   server rendering writes, kept only " Contact"); a comment draws nothing, so it goes;
 * - it keeps the white space that starts the line after a `<br>` (`123<br />\n    Created:` drew "Created:" indented);
 *   CSS removes collapsible white space at a line's start, so it goes, unless the document preserves white space
 *   anywhere (`white-space: pre*` or `break-spaces`, or inside `<pre>` and `<textarea>`).
 */
function browserDefaults(node: ParentNode, keepSpaces: boolean, viewport: Viewport | undefined): void {
  let prev: DefaultTreeAdapterMap['childNode'] | null = null;
  for (const child of [...defaultTreeAdapter.getChildNodes(node)]) {
    if (defaultTreeAdapter.isCommentNode(child)) {
      defaultTreeAdapter.detachNode(child);
      continue;
    }
    const afterBreak = prev !== null && defaultTreeAdapter.isElementNode(prev) && prev.tagName === 'br';
    prev = child;
    if (afterBreak && !keepSpaces && defaultTreeAdapter.isTextNode(child)) child.value = child.value.replace(/^[ \t\n\r\f]+/, '');
    if (!defaultTreeAdapter.isElementNode(child)) continue;
    // `dir="auto"` follows the text, which the gate passed as left to right; takumi fails the render on it
    child.attrs = child.attrs.filter((a) => a.name !== 'tw' && !(a.name === 'dir' && a.value.trim().toLowerCase() === 'auto'));
    for (const a of child.attrs) if (a.name === 'style') a.value = normalizedCss(a.value, true, viewport);
    if (child.tagName === 'style') {
      for (const text of defaultTreeAdapter.getChildNodes(child)) if (defaultTreeAdapter.isTextNode(text)) text.value = normalizedCss(text.value, false, viewport);
    }
    if (child.tagName === 'img') {
      const src = child.attrs.find((a) => a.name === 'src');
      if (!src) child.attrs.push({ name: 'src', value: BLANK });
      else if (!src.value.trim()) src.value = BLANK;
    }
    // template content is inert in a browser and drawn by neither engine
    if (child.tagName !== 'template') browserDefaults(child, keepSpaces || child.tagName === 'pre' || child.tagName === 'textarea', viewport);
  }
}
