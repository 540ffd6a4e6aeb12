import type { MeasuredNode, Node, Renderer, RenderOptions } from '@takumi-rs/core';

const at = <T extends { children?: T[] }>(root: T, path: number[]): T | undefined =>
  path.reduce<T | undefined>((n, i) => n?.children?.[i], root);

/** An upper bound of a space's advance (DejaVu Sans 0.32 em, Liberation Sans 0.28 em). */
const SPACE_EM = 0.4;

/**
 * How far a run reaches to the right, as Chromium's scrollWidth counts it: takumi's run includes the whitespace a
 * line broke at, which in a browser hangs past the edge without overflowing. A run that broke at a space inside it
 * was fitted by the line breaker itself; a single word with a trailing space is counted without the space.
 */
function runRight(r: MeasuredNode['runs'][number], fontSize: number): number {
  const trailing = r.text.length - r.text.trimEnd().length;
  if (trailing === 0) return r.x + r.width;
  if (/\s/.test(r.text.trim())) return 0;
  return r.x + r.width - trailing * SPACE_EM * fontSize;
}

/** True when the element's content overflows its own box (scrollWidth/Height past clientWidth/Height + 1). */
export function overflows(m: MeasuredNode, fontSize: number): boolean {
  const ox = m.transform[4];
  const oy = m.transform[5];
  let right = 0;
  let bottom = 0;
  const extend = (n: MeasuredNode) => {
    for (const r of n.runs) {
      right = Math.max(right, runRight(r, fontSize));
      bottom = Math.max(bottom, r.y + r.height);
    }
    for (const c of n.children) {
      right = Math.max(right, c.transform[4] - ox + c.width);
      bottom = Math.max(bottom, c.transform[5] - oy + c.height);
      extend(c);
    }
  };
  extend(m);
  return right > m.width + 1 || bottom > m.height + 1;
}

/** U+2060 WORD JOINER: zero width and never drawn; marks the element's text so its box is found in `measure`. */
const MARK = '\u2060';

function firstText(node: Node): (Node & { type: 'text' }) | null {
  if (node.type === 'text') return node;
  if (node.type !== 'container') return null;
  for (const c of node.children ?? []) {
    const t = firstText(c);
    if (t) return t;
  }
  return null;
}

/** The measured box that holds the marked run: the element itself, or the anonymous block its inline content forms. */
function markedBox(m: MeasuredNode): MeasuredNode | null {
  if (m.runs.some((r) => r.text.startsWith(MARK))) return m;
  for (const c of m.children) {
    const found = markedBox(c);
    if (found) return found;
  }
  return null;
}

/**
 * `data-fit="shrink"` without a browser: the same search as the page script (fit-text-script.ts): for each element
 * whose content overflows its box, binary-search the largest font size down to `data-fit-min` (default 6) at which
 * it fits, 12 steps at most, 0.25 px apart. takumi's `measure` lays the tree out without rasterising (about 0.5 ms
 * for the bench card), so the search costs a few milliseconds. Measured boxes do not map one to one onto nodes
 * (inline runs merge into anonymous blocks), so the element's first text is marked with an invisible character
 * to find its box. Mutates the nodes' inline font size.
 */
export async function fitText(renderer: Renderer, root: Node, paths: number[][], opts: RenderOptions): Promise<void> {
  for (const path of paths) {
    const node = at(root as Node & { children?: Node[] }, path);
    const text = node && firstText(node);
    if (!node || !text) continue;
    const original = text.text;
    text.text = MARK + original;
    try {
      const measure = async () => markedBox(await renderer.measure(root, opts));
      const first = await measure();
      if (!first || (first.width === 0 && first.height === 0)) continue;
      const max = Number.parseFloat(String(node.style?.fontSize ?? '')) || (await computedFontSize(renderer, root, path, opts));
      if (!overflows(first, max)) continue;
      await search(node, measure, max);
    } finally {
      text.text = original;
    }
  }
}

async function search(node: Node, measure: () => Promise<MeasuredNode | null>, max: number): Promise<void> {
  let min = Number.parseFloat(node.attributes?.['data-fit-min'] ?? '') || 6;
  if (min > max) min = max;
  let lo = min;
  let hi = max;
  for (let n = 0; n < 12 && hi - lo > 0.25; n++) {
    const mid = (lo + hi) / 2;
    node.style = { ...node.style, fontSize: `${mid}px` };
    const m = await measure();
    if (m && !overflows(m, mid)) lo = mid;
    else hi = mid;
  }
  node.style = { ...node.style, fontSize: `${lo}px` };
}

/**
 * The element's font size from CSS (class rules, inheritance): takumi reports no computed styles, so the element's
 * content is swapped for one block of `line-height: 1em` for a measure, whose height is the font size. 16 px if not
 * found.
 */
async function computedFontSize(renderer: Renderer, root: Node, path: number[], opts: RenderOptions): Promise<number> {
  const node = at(root as Node & { children?: Node[] }, path) as Record<string, unknown>;
  const saved = { ...node };
  Object.assign(node, { type: 'container', children: [{ type: 'text', text: `${MARK}M`, style: { lineHeight: '1em', display: 'block' } }] });
  try {
    const probe = markedBox(await renderer.measure(root, opts));
    return probe && probe.height > 0 ? probe.height : 16;
  } finally {
    for (const k of Object.keys(node)) delete node[k];
    Object.assign(node, saved);
  }
}
