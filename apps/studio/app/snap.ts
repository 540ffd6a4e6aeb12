// Snapping of a moved or resized box to the canvas edges and centre and to the other layers' edges and centres.
import type { Box } from '@rp/design';

export interface Guide {
  axis: 'x' | 'y';
  /** Canvas px of the line. */
  at: number;
}

/** Lines a box can snap to on each axis: canvas start, centre and end, and each other box's start, centre and end. */
export function snapTargets(canvas: { width: number; height: number }, others: Box[]): { x: number[]; y: number[] } {
  const x = [0, canvas.width / 2, canvas.width];
  const y = [0, canvas.height / 2, canvas.height];
  for (const b of others) {
    x.push(b.x, b.x + b.width / 2, b.x + b.width);
    y.push(b.y, b.y + b.height / 2, b.y + b.height);
  }
  return { x, y };
}

/** The smallest correction that puts one of `points` on one of `lines`, within `threshold`; null when none is near. */
function nearest(points: number[], lines: number[], threshold: number): { delta: number; at: number } | null {
  let best: { delta: number; at: number } | null = null;
  for (const p of points) {
    for (const line of lines) {
      const d = line - p;
      if (Math.abs(d) <= threshold && (!best || Math.abs(d) < Math.abs(best.delta))) best = { delta: d, at: line };
    }
  }
  return best;
}

/**
 * A moved box snapped: its start, centre or end on the nearest line within `threshold` (canvas px), per axis
 * independently. Answers the snapped box and the guides to draw.
 */
export function snapMove(b: Box, targets: { x: number[]; y: number[] }, threshold: number): { box: Box; guides: Guide[] } {
  const guides: Guide[] = [];
  const sx = nearest([b.x, b.x + b.width / 2, b.x + b.width], targets.x, threshold);
  const sy = nearest([b.y, b.y + b.height / 2, b.y + b.height], targets.y, threshold);
  if (sx) guides.push({ axis: 'x', at: sx.at });
  if (sy) guides.push({ axis: 'y', at: sy.at });
  return { box: { ...b, x: b.x + (sx?.delta ?? 0), y: b.y + (sy?.delta ?? 0) }, guides };
}

/** A resized box snapped: only the edges the handle moves (`e`, `w`, `n`, `s` in `handle`). */
export function snapResize(b: Box, handle: string, targets: { x: number[]; y: number[] }, threshold: number): { box: Box; guides: Guide[] } {
  const out = { ...b };
  const guides: Guide[] = [];
  if (handle.includes('e')) {
    const s = nearest([b.x + b.width], targets.x, threshold);
    if (s) { out.width += s.delta; guides.push({ axis: 'x', at: s.at }); }
  } else if (handle.includes('w')) {
    const s = nearest([b.x], targets.x, threshold);
    if (s) { out.x += s.delta; out.width -= s.delta; guides.push({ axis: 'x', at: s.at }); }
  }
  if (handle.includes('s')) {
    const s = nearest([b.y + b.height], targets.y, threshold);
    if (s) { out.height += s.delta; guides.push({ axis: 'y', at: s.at }); }
  } else if (handle.includes('n')) {
    const s = nearest([b.y], targets.y, threshold);
    if (s) { out.y += s.delta; out.height -= s.delta; guides.push({ axis: 'y', at: s.at }); }
  }
  return { box: out, guides };
}

/**
 * Resizing a box rotated by `rotation` degrees from a handle: the pointer's movement is taken in the box's own frame,
 * the handle's edges follow it and the opposite edges stay where they are on the canvas.
 */
export function resizeRotated(b: Box, handle: string, dx: number, dy: number, rotation: number): Box {
  const rad = (rotation * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  // the pointer's movement in the box's frame
  const lx = dx * cos + dy * sin;
  const ly = -dx * sin + dy * cos;
  const ex = handle.includes('e') ? lx : handle.includes('w') ? -lx : 0;
  const ey = handle.includes('s') ? ly : handle.includes('n') ? -ly : 0;
  const width = Math.max(1, b.width + ex);
  const height = Math.max(1, b.height + ey);
  // the centre moves half of what the moving edge moved, in the box's frame, then back onto the canvas
  const cx = (handle.includes('e') ? width - b.width : handle.includes('w') ? b.width - width : 0) / 2;
  const cy = (handle.includes('s') ? height - b.height : handle.includes('n') ? b.height - height : 0) / 2;
  const centreX = b.x + b.width / 2 + cx * cos - cy * sin;
  const centreY = b.y + b.height / 2 + cx * sin + cy * cos;
  return { x: centreX - width / 2, y: centreY - height / 2, width, height };
}
