import type { MeasuredNode, Node, Renderer, RenderOptions } from '@takumi-rs/core';
import type { LayoutFacts, PlaceholderKinds } from '../../../warnings/layout-facts-script';
import { overflows } from './fit-text';
import { BLANK as BLANK_IMAGE } from './prepare-native-document';

/** Natural size of each fetched image by its src, read from the bytes' header in the worker (sharp). */
export type ImageSizes = Record<string, readonly [number, number]>;

/** Boxes found per render at most (the Chromium script keeps 200 texts and 200 images too). */
const MAX_MARKED = 400;
/** A marked box's skew is `k / SKEW_UNIT`: exact in binary, far from any skew a template would use by chance. */
const SKEW_UNIT = 1024;

interface Marked {
  node: Node;
  placeholder: string | null;
  kind: 'text' | 'image';
}

const attr = (n: Node, name: string): string | undefined => n.attributes?.[name];
const textOf = (n: Node): string => (n.type === 'text' ? n.text : n.type === 'container' ? (n.children ?? []).map(textOf).join('') : '');
const hasTransform = (n: Node) => Boolean((n.style as Record<string, unknown> | undefined)?.transform ?? (n.preset as Record<string, unknown> | undefined)?.transform);

/**
 * The nodes the warnings concern, in document order: elements of text placeholders, elements of image placeholders
 * that are not images (a background image), and every image node with the placeholder it sits in.
 */
function nodesOfInterest(root: Node, kinds: PlaceholderKinds): Marked[] {
  const text = new Set(kinds.text);
  const image = new Set(kinds.image);
  const out: Marked[] = [];
  const walk = (n: Node, owner: string | null) => {
    if (out.length >= MAX_MARKED) return;
    const own = attr(n, 'data-placeholder')?.trim() ?? null;
    const ph = own ?? owner;
    if (n.type === 'image') out.push({ node: n, placeholder: ph, kind: 'image' });
    else if (own !== null && text.has(own)) out.push({ node: n, placeholder: own, kind: 'text' });
    else if (own !== null && image.has(own)) out.push({ node: n, placeholder: own, kind: 'image' });
    if (n.type === 'container') for (const c of n.children ?? []) walk(c, ph);
  };
  walk(root, null);
  return out;
}

/** Measured boxes by marker number: each marked node carries a skew of k/SKEW_UNIT, which `measure` reports back. */
function boxesByMark(m: MeasuredNode, out = new Map<number, MeasuredNode>()): Map<number, MeasuredNode> {
  const k = Math.round(m.transform[1] * SKEW_UNIT);
  if (k > 0 && Math.abs(m.transform[1] * SKEW_UNIT - k) < 0.05 && !out.has(k)) out.set(k, m);
  for (const c of m.children) boxesByMark(c, out);
  return out;
}

/**
 * Lays the tree out once (takumi's `measure`, no raster) with every node of interest marked by a distinct skew
 * (a transform changes no box, and `measure` reports each box's transform), so boxes are found without mapping the
 * measured tree onto the node tree (inline content merges into anonymous blocks). A node that already has a
 * transform, or sits inside a rotated or skewed one, is not found: it reports no overflow and no upscale.
 */
async function measureMarked(renderer: Renderer, root: Node, marked: Marked[], opts: RenderOptions): Promise<Map<Marked, MeasuredNode>> {
  const saved = marked.map((m) => m.node.style);
  const ids = new Map<number, Marked>();
  marked.forEach((m, i) => {
    if (m.kind === 'image' && m.node.type !== 'image') return; // a background image's box is not needed
    if (hasTransform(m.node)) return;
    ids.set(i + 1, m);
    m.node.style = { ...m.node.style, transform: `matrix(1, ${(i + 1) / SKEW_UNIT}, 0, 1, 0, 0)` };
  });
  try {
    const boxes = boxesByMark(await renderer.measure(root, opts));
    const out = new Map<Marked, MeasuredNode>();
    for (const [k, m] of ids) {
      const box = boxes.get(k);
      if (box) out.set(m, box);
    }
    return out;
  } finally {
    marked.forEach((m, i) => (m.node.style = saved[i]));
  }
}

const px = (v: unknown): number | null => (typeof v === 'string' && /px$/.test(v) ? Number.parseFloat(v) || null : typeof v === 'number' ? v : null);

/** As the page script: how many times its natural size an image is drawn, `object-fit` (inline) applied. */
function scaleOf(box: MeasuredNode | undefined, natural: readonly [number, number] | undefined, fit: unknown): number {
  if (!box || !natural || box.width <= 0 || box.height <= 0) return 0;
  const sx = box.width / natural[0];
  const sy = box.height / natural[1];
  if (fit === 'contain') return Math.min(sx, sy);
  if (fit === 'none') return 1;
  if (fit === 'scale-down') return Math.min(1, sx, sy);
  return Math.max(sx, sy);
}

/** A background image on the element itself (inline style or a stylesheet that could give it one). */
function hasBackground(n: Node, css: readonly string[]): boolean {
  const style = (n.style ?? {}) as Record<string, unknown>;
  if (Object.entries(style).some(([k, v]) => /^background/.test(k) && typeof v === 'string' && /url\(/i.test(v))) return true;
  // takumi reports no computed styles: with any url() in the document's own CSS, a class may give it one
  return css.slice(1).some((sheet) => /url\(/i.test(sheet));
}

/**
 * The native engine's layout facts, in the shape the Chromium page script reports (layout-facts-script.ts), so one
 * rule set (warnings-from-facts.ts) turns both into warnings. Runs in the engine process after shrink-to-fit.
 */
export async function nativeLayoutFacts(renderer: Renderer, root: Node, opts: RenderOptions, kinds: PlaceholderKinds, sizes: ImageSizes): Promise<LayoutFacts> {
  const marked = nodesOfInterest(root, kinds);
  const boxes = marked.length > 0 ? await measureMarked(renderer, root, marked, opts) : new Map<Marked, MeasuredNode>();
  const facts: LayoutFacts = { texts: [], images: [] };
  const css = (opts.css ?? []) as string[];
  for (const m of marked) {
    const box = boxes.get(m);
    if (m.kind === 'text') {
      const fontPx = px((m.node.style as Record<string, unknown> | undefined)?.fontSize) ?? 16;
      const min = attr(m.node, 'data-fit-min');
      facts.texts.push({
        placeholder: m.placeholder!,
        text: textOf(m.node).slice(0, 2000),
        overflow: box !== undefined && (box.width > 0 || box.height > 0) && overflows(box, fontPx),
        fontPx,
        minPx: min === undefined ? null : Number.parseFloat(min) || null,
      });
    } else if (m.node.type !== 'image') {
      if (!hasBackground(m.node, css)) facts.images.push({ placeholder: m.placeholder, src: '', naturalWidth: 0, naturalHeight: 0, scale: 0 });
    } else {
      const src = typeof m.node.src === 'string' ? m.node.src : '';
      if (src === BLANK_IMAGE) {
        facts.images.push({ placeholder: m.placeholder, src: '', naturalWidth: 0, naturalHeight: 0, scale: 0 });
        continue;
      }
      const natural = sizes[src];
      // a data: image the worker did not read: its size is unknown, so it is not judged (never reported failed)
      const [w, h] = natural ?? [1, 1];
      const fit = (m.node.style as Record<string, unknown> | undefined)?.objectFit;
      facts.images.push({ placeholder: m.placeholder, src: src.slice(0, 200), naturalWidth: w, naturalHeight: h, scale: scaleOf(box, natural, fit) });
    }
  }
  return facts;
}
