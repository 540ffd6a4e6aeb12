import type { MeasuredNode } from '@takumi-rs/core';

/** Rows [top, bottom) of a frame, in px. */
export interface Rows {
  top: number;
  bottom: number;
}

type Matrix = MeasuredNode['transform'];

/** The vertical extent of a w x h box (or a text run inside it) through the node's affine transform. */
function extent(t: Matrix, x: number, y: number, w: number, h: number): [number, number] {
  const [, b, , d, , f] = t;
  const ys = [[x, y], [x + w, y], [x, y + h], [x + w, y + h]].map(([px, py]) => b * px! + d * py! + f);
  return [Math.min(...ys), Math.max(...ys)];
}

const sameNode = (a: MeasuredNode, b: MeasuredNode) =>
  a.width === b.width && a.height === b.height && a.transform.every((v, i) => v === b.transform[i]) &&
  a.runs.length === b.runs.length && a.runs.every((r, i) => {
    const s = b.runs[i]!;
    return r.x === s.x && r.y === s.y && r.width === s.width && r.height === s.height && r.text === s.text;
  });

/**
 * Where one node can paint: its border box, and each text run widened by its own height above and below (a glyph's
 * ink can leave its line box), through its transform, then `overflowPx` more (shadows, filters, outlines).
 */
function paintExtent(n: MeasuredNode, overflowPx: number): [number, number] {
  let [top, bottom] = extent(n.transform, 0, 0, n.width, n.height);
  for (const r of n.runs) {
    const [t, b] = extent(n.transform, r.x, r.y - r.height, r.width, r.height * 3);
    top = Math.min(top, t);
    bottom = Math.max(bottom, b);
  }
  return [top - overflowPx, bottom + overflowPx];
}

/**
 * Damaged rows closer than this are drawn as one band: a band costs a layout and its edge rows (band-drawing.ts),
 * about what drawing this many rows more does on the promo card.
 */
export const BAND_MERGE_GAP = 192;

/**
 * Row ranges sorted, with those that overlap or lie closer than `gap` joined: BAND_MERGE_GAP for bands to draw; 0
 * where a range costs only its rows (converting them, raw-frame-writer.ts).
 */
export function mergeRows(ranges: readonly Rows[], gap = BAND_MERGE_GAP): Rows[] {
  const merged: Rows[] = [];
  for (const r of [...ranges].sort((a, b) => a.top - b.top)) {
    const last = merged[merged.length - 1];
    if (last && r.top - last.bottom < gap) last.bottom = Math.max(last.bottom, r.bottom);
    else merged.push({ ...r });
  }
  return merged;
}

/**
 * The rows in which frame `after` can differ from frame `before`, from takumi's layout of each (`measure` at the
 * two instants; the same node tree, so the same shape), as bands (mergeRows): every node whose box, transform or
 * text runs moved, where it was and where it is, and every node at a `painted` path (paint-probe.ts: what keyframes
 * other than geometry paint) wherever it is, each widened by `overflowPx` and rounded out to whole rows. Null when
 * nothing can differ inside the frame: it is the one before. Without `painted`, only true when nothing but geometry
 * animates between the two (paint-windows.ts).
 */
export function damagedRows(before: MeasuredNode, after: MeasuredNode, overflowPx: number, height: number, painted?: ReadonlySet<string>): Rows[] | null {
  const extents: [number, number][] = [];
  const visit = (a: MeasuredNode, b: MeasuredNode, path: string): boolean => {
    if (painted?.has(path) || !sameNode(a, b)) extents.push(paintExtent(a, overflowPx), paintExtent(b, overflowPx));
    return a.children.length === b.children.length && a.children.every((c, i) => visit(c, b.children[i]!, `${path}.${i}`));
  };
  if (!visit(before, after, '')) return [{ top: 0, bottom: height }];
  const rows = extents
    .map(([top, bottom]) => ({ top: Math.max(0, Math.floor(top) - 1), bottom: Math.min(height, Math.ceil(bottom) + 1) }))
    // nothing moved, or only outside the frame
    .filter((r) => r.top < r.bottom);
  return rows.length > 0 ? mergeRows(rows) : null;
}
