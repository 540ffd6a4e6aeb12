import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import type { Placeholder } from '@rp/workflow-safe';
import { cssReason } from './css-gate';
import { NATIVE_ELEMENTS, SVG_UNSUPPORTED } from './native-support';

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
   * URLs whose bytes the version keeps (resource pinning): an `@font-face` source among them is loaded by the
   * native engine as an uploaded font is.
   */
  pinned_urls?: readonly string[];
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
  reason: string | null;
  sheets: string[];
  styleAttrs: string[];
  rtl: boolean;
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
    if (name === 'dir' && a.value.trim().toLowerCase() !== 'ltr') walk.rtl = true;
  }
  if (MEDIA_ELEMENTS.has(tag)) return 'media_element';
  if (tag === 'link' && isStylesheetLink(el)) return 'unsupported_element:link';
  if (!NATIVE_ELEMENTS.has(tag)) return `unsupported_element:${tag}`;
  return null;
}

const isStylesheetLink = (el: Element) =>
  el.attrs.some((a) => a.name.toLowerCase() === 'rel' && a.value.toLowerCase().split(/\s+/).includes('stylesheet'));

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

function walkTree(root: Node): Walk {
  const walk: Walk = { reason: null, sheets: [], styleAttrs: [], rtl: false };
  const stack: Node[] = [root];
  while (stack.length && !walk.reason) {
    const node = stack.pop()!;
    if (isElement(node)) {
      walk.reason = elementReason(node, walk);
      if (node.tagName === 'svg') {
        walk.reason ??= svgReason(node);
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

/**
 * The static gate (docs/engines.md): sends a version to Chromium, with a reason code, when it has something the
 * native engine does not draw. Checked in order: output kind, script, media and other elements, CSS (properties,
 * display values, at-rules, fonts; a video's animations against the measured table), right-to-left text. Pure: the
 * API runs it synchronously when a version is saved.
 */
export function staticGate(input: GateInput): GateResult {
  if (input.format === 'pdf') return 'pdf_output';
  const walk = walkTree(parse(input.composition_html) as Node);
  if (walk.reason) return walk.reason;
  const css = cssReason(walk.sheets, walk.styleAttrs, { pinned: new Set(input.pinned_urls ?? []), video: input.type === 'video' });
  if (css) return css;
  const rtlDefault = input.placeholders.some((p) => p.type === 'text' && typeof p.default === 'string' && RTL_CHARS.test(p.default));
  if (walk.rtl || rtlDefault) return 'rtl_text';
  return null;
}
