import { parse, serializeOuter } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { pinnableUrl, type PinnedResource, type Placeholder } from '@rp/workflow-safe';
import { animationReason } from './animation-gate';
import { declaredFamilies, parseSheets, sheetFindings, styleAttrFindings } from './css-findings';
import { isStylesheetLink } from './is-stylesheet-link';
import { drawnAsSpan, NATIVE_ELEMENTS, SVG_UNSUPPORTED } from './native-support';
import { documentMatcher } from './selector-match';
import { remPx } from './root-font-size';
import { svgMotion } from './svg-motion';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** What the gate looks at: a version's content. */
export interface GateInput {
  /** `image` or `video` */
  type: string;
  format: string;
  composition_html: string;
  placeholders: Placeholder[];
  /**
   * The version's manifest (resource pinning, docs/pinning.md): an `@font-face` source it keeps is loaded by the
   * native engine as an uploaded font is, and a stylesheet it keeps with the gate's verdict (`gate`) is judged by
   * that verdict's findings instead of being refused as external.
   */
  pinned_resources?: readonly PinnedResource[];
}

/** `null` when the native engine may draw the version (the parity check decides); else the reason code. */
export type GateResult = string | null;

// Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, Arabic supplements and presentation forms
const RTL_CHARS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]|[\u{10800}-\u{10FFF}]|[\u{1E800}-\u{1EFFF}]/u;

const isElement = (n: Node): n is Element => 'tagName' in n;
const childrenOf = (n: Node): Node[] => {
  if (isElement(n) && n.tagName === 'template') return [...(n as DefaultTreeAdapterMap['template']).content.childNodes];
  return 'childNodes' in n ? [...(n.childNodes as Node[])] : [];
};

/** What one walk over the parsed document collects. */
interface Walk {
  /** Whether the version keeps the stylesheet at this URL, judged (a pinned entry with its gate verdict). */
  keptSheet: (url: string) => boolean;
  reason: string | null;
  sheets: string[];
  styleAttrs: string[];
  rtl: boolean;
  /** Why an inline `<svg>` that moves in a browser would not move natively (SMIL, an animation svgMotion cannot bake). */
  svgMotion: string | null;
}

/** Elements that play media: their frames are the media's, not the document's. */
const MEDIA_ELEMENTS = new Set(['video', 'audio']);

function elementReason(el: Element, walk: Walk): string | null {
  const tag = el.tagName.toLowerCase();
  if (tag === 'script' || tag === 'noscript') return 'has_script';
  for (const a of el.attrs) {
    const name = a.name.toLowerCase();
    if (name.startsWith('on')) return 'has_script';
    if (/^\s*javascript:/i.test(a.value)) return 'has_script';
    if (name === 'style') walk.styleAttrs.push(a.value);
    // `auto` takes the direction of the element's first strong character: right-to-left text is judged as text
    if (name === 'dir' && !['ltr', 'auto'].includes(a.value.trim().toLowerCase())) walk.rtl = true;
  }
  if (MEDIA_ELEMENTS.has(tag)) return 'media_element';
  if (isStylesheetLink(el)) {
    const href = el.attrs.find((a) => a.name.toLowerCase() === 'href')?.value.trim() ?? '';
    if (!walk.keptSheet(href)) return 'unsupported_element:link';
  }
  if (!NATIVE_ELEMENTS.has(tag) && !drawnAsSpan(el)) return `unsupported_element:${tag}`;
  return null;
}

/** An inline `<svg>` is drawn as one image: only script and HTML content inside it matter. */
function svgReason(svg: Element): string | null {
  const stack: Node[] = [...childrenOf(svg)];
  while (stack.length) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    const tag = node.tagName.toLowerCase();
    if (tag === 'script') return 'has_script';
    if (node.attrs.some((a) => a.name.toLowerCase().startsWith('on') || /^\s*javascript:/i.test(a.value))) return 'has_script';
    if (SVG_UNSUPPORTED.has(tag)) return `unsupported_element:svg:${tag}`;
    stack.push(...childrenOf(node));
  }
  return null;
}

/**
 * Why an inline `<svg>` that moves in a browser cannot move natively, or null (it does not move, or svgMotion bakes
 * its CSS animations into each frame's markup: takumi draws an inline `<svg>` as one still image, with resvg).
 */
function svgMotionReason(svg: Element): string | null {
  const plan = svgMotion(serializeOuter(svg));
  return plan && 'refused' in plan ? plan.refused : null;
}

function walkTree(root: Node, keptSheet: Walk['keptSheet']): Walk {
  const walk: Walk = { keptSheet, reason: null, sheets: [], styleAttrs: [], rtl: false, svgMotion: null };
  const stack: Node[] = [root];
  while (stack.length && !walk.reason) {
    const node = stack.pop()!;
    if (isElement(node)) {
      walk.reason = elementReason(node, walk);
      if (node.tagName === 'svg') {
        walk.reason ??= svgReason(node);
        walk.svgMotion ??= svgMotionReason(node);
        continue;
      }
      if (node.tagName === 'style') {
        walk.sheets.push(childrenOf(node).map((c) => ('value' in c ? String(c.value) : '')).join(''));
        continue;
      }
    } else if (node.nodeName === '#text' && 'value' in node && RTL_CHARS.test(String(node.value))) {
      walk.rtl = true;
    }
    stack.push(...childrenOf(node));
  }
  return walk;
}

/** The manifest's stylesheets the gate may judge by their verdict: pinned, with one, keyed by URL. */
function keptSheets(manifest: readonly PinnedResource[]): Map<string, PinnedResource> {
  return new Map(manifest.filter((r) => r.kind === 'stylesheet' && r.status === 'pinned' && r.gate).map((r) => [r.url, r]));
}

/**
 * The CSS's reason: every finding of the template's stylesheets, its `style` attributes and the pinned stylesheets'
 * recorded verdicts, in that order; a finding with a selector counts only when the selector matches an element of
 * the document (documentMatcher), as a rule that matches nothing draws nothing in either engine.
 */
function cssReason(html: string, walk: Walk, manifest: readonly PinnedResource[], kept: Map<string, PinnedResource>, video: boolean): string | null {
  const sheets = parseSheets(walk.sheets.map((css) => ({ css })));
  const attrSheets = parseSheets(walk.styleAttrs.map((s) => ({ css: `x{${s}}` })));
  if (!sheets || !attrSheets) return 'unsupported_css:unparsable';
  const pinned = new Set(manifest.filter((r) => r.status === 'pinned').map((r) => r.url));
  const declared = declaredFamilies(sheets, pinned);
  const pinnedImport = (raw: string) => kept.has(pinnableUrl(raw) ?? '');
  // a kept stylesheet may set the root's font size, and only its findings are here
  let remOnce: { px: number | undefined } | undefined;
  const rem = () => (remOnce ??= { px: kept.size > 0 ? undefined : remPx(html, sheets.map((s) => s.root)) }).px;
  const own = sheets.flatMap((sheet) => sheetFindings(sheet, { declared, pinnedImport, video, rem }).findings);
  const attrs = styleAttrFindings(attrSheets, { declared, video, rem });
  const findings = [...own, ...attrs, ...[...kept.values()].flatMap((r) => r.gate!.findings)];
  let matches: ((selector: string) => boolean) | undefined;
  for (const f of findings) {
    if (f.selector === null) return f.reason;
    matches ??= documentMatcher(html);
    if (matches(f.selector)) return f.reason;
  }
  // a video's own animations, against the measured table (animation-gate.ts)
  return video ? animationReason([...sheets, ...attrSheets].map((sheet) => sheet.root)) : null;
}

/**
 * The static gate (docs/engines.md): sends a version to Chromium, with a reason code, when it has something the
 * native engine does not draw. Checked in order: output kind, script, media and other elements, a video's moving inline SVG, CSS (properties,
 * display values, at-rules, fonts; of the template's own stylesheets and of the ones it keeps pinned, each rule only
 * where its selector matches an element; a video's own animations against the measured table), right-to-left text.
 * Pure: the API runs it synchronously when a version is saved.
 */
export function staticGate(input: GateInput): GateResult {
  if (input.format === 'pdf') return 'pdf_output';
  const manifest = input.pinned_resources ?? [];
  const kept = keptSheets(manifest);
  const walk = walkTree(parse(input.composition_html) as Node, (href) => kept.has(pinnableUrl(href) ?? ''));
  if (walk.reason) return walk.reason;
  // a video whose inline SVG moves in Chromium in a way the native engine does not bake
  if (input.type === 'video' && walk.svgMotion) return walk.svgMotion;
  const css = cssReason(input.composition_html, walk, manifest, kept, input.type === 'video');
  if (css) return css;
  const rtlDefault = input.placeholders.some((p) => p.type === 'text' && typeof p.default === 'string' && RTL_CHARS.test(p.default));
  if (walk.rtl || rtlDefault) return 'rtl_text';
  return null;
}
