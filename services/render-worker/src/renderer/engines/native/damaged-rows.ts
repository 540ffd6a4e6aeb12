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
 * The rows in which frame `after` can differ from frame `before`, from takumi's layout of each (`measure` at the
 * two instants; the same node tree, so the same shape): every node whose box, transform or text runs moved, where
 * it was and where it is, widened by `overflowPx` and rounded out to whole rows. Null when no node moved inside the
 * frame: it is the one before. Only true when nothing but geometry animates between the two (paint-windows.ts).
 */
export function damagedRows(before: MeasuredNode, after: MeasuredNode, overflowPx: number, height: number): Rows | null {
  let top = Infinity;
  let bottom = -Infinity;
  const visit = (a: MeasuredNode, b: MeasuredNode) => {
    if (!sameNode(a, b)) {
      for (const [t, bt] of [paintExtent(a, overflowPx), paintExtent(b, overflowPx)]) {
        top = Math.min(top, t!);
        bottom = Math.max(bottom, bt!);
      }
    }
    if (a.children.length !== b.children.length) [top, bottom] = [-Infinity, Infinity];
    else a.children.forEach((c, i) => visit(c, b.children[i]!));
  };
  visit(before, after);
  const rows = { top: Math.max(0, Math.floor(top) - 1), bottom: Math.min(height, Math.ceil(bottom) + 1) };
  // nothing moved, or only outside the frame
  return rows.top < rows.bottom ? rows : null;
}
