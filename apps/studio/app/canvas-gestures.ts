// The canvas's pointer gestures: move (with snapping), resize and rotate from handles, marquee selection and pan.
// Each gesture follows window pointer events from its pointerdown to its pointerup and records one undo step.
import type { Box, Layer } from '@rp/design';
import { boxOf, findLayer, mapLayer, originOf, withBox, type Doc } from './design-model';
import { resizeRotated, snapMove, snapResize, snapTargets, type Guide } from './snap';
import type { History } from './design-history';
import { keyIfAnimated } from './timeline-model';

export interface GestureContext {
  history: History<Doc>;
  variant: string | null;
  canvas: { width: number; height: number };
  zoom: number;
  selection: string[];
  select: (ids: string[]) => void;
  setGuides: (g: Guide[]) => void;
  setMarquee: (b: Box | null) => void;
  /** Video templates: the playhead and the timeline's length; a move keys a keyframed layer's x/y there. */
  keyAt?: { t: number; total: number } | undefined;
}

/** Snap distance in screen px: the same feel at every zoom. */
const SNAP_PX = 6;

/** Follows the pointer until it is released; `move` gets the offset from the start in canvas px. */
function track(e: PointerEvent, zoom: number, move: (dx: number, dy: number, ev: PointerEvent) => void, done: () => void): void {
  const sx = e.clientX;
  const sy = e.clientY;
  const onMove = (ev: PointerEvent) => move((ev.clientX - sx) / zoom, (ev.clientY - sy) / zoom, ev);
  const onUp = () => {
    removeEventListener('pointermove', onMove);
    removeEventListener('pointerup', onUp);
    done();
  };
  addEventListener('pointermove', onMove);
  addEventListener('pointerup', onUp);
}

/** A layer's box in canvas coordinates (its groups' offsets added). */
export function absoluteBox(doc: Doc, id: string, variant: string | null): Box | null {
  const l = findLayer(doc.layers, id);
  const o = originOf(doc.layers, id, variant);
  if (!l || !o) return null;
  const b = boxOf(l, variant);
  return { ...b, x: b.x + o.x, y: b.y + o.y };
}

const union = (boxes: Box[]): Box => {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return { x, y, width: Math.max(...boxes.map((b) => b.x + b.width)) - x, height: Math.max(...boxes.map((b) => b.y + b.height)) - y };
};

/** Boxes of the top-level layers not in `ids`, the snap targets of a gesture. */
function otherBoxes(doc: Doc, ids: string[], variant: string | null): Box[] {
  return doc.layers.filter((l) => !ids.includes(l.id) && l.visible !== false).map((l) => boxOf(l, variant));
}

/** Moves the selected, unlocked layers together; their bounding box snaps. */
export function startMove(e: PointerEvent, ctx: GestureContext, ids: string[]): void {
  const start = ctx.history.now();
  const movable = ids.filter((id) => !findLayer(start.layers, id)?.locked);
  if (!movable.length) return;
  const boxes = new Map(movable.map((id) => [id, boxOf(findLayer(start.layers, id)!, ctx.variant)]));
  const abs = movable.map((id) => absoluteBox(start, id, ctx.variant)!);
  const bounds = union(abs);
  const targets = snapTargets(ctx.canvas, otherBoxes(start, movable, ctx.variant));
  track(e, ctx.zoom, (dx, dy, ev) => {
    const snapped = ev.altKey ? { box: { ...bounds, x: bounds.x + dx, y: bounds.y + dy }, guides: [] } : snapMove({ ...bounds, x: bounds.x + dx, y: bounds.y + dy }, targets, SNAP_PX / ctx.zoom);
    const mx = snapped.box.x - bounds.x;
    const my = snapped.box.y - bounds.y;
    let layers = start.layers;
    for (const id of movable) {
      const b = boxes.get(id)!;
      layers = mapLayer(layers, id, (l) => {
        const moved = withBox(l, ctx.variant, { ...b, x: b.x + mx, y: b.y + my });
        return ctx.keyAt && !ctx.variant ? keyIfAnimated(moved, ctx.keyAt.t, ctx.keyAt.total) : moved;
      });
    }
    ctx.setGuides(snapped.guides);
    ctx.history.preview({ ...start, layers });
  }, () => {
    ctx.setGuides([]);
    ctx.history.commit(start);
  });
}

/** Resizes one layer from a handle (`n`, `se`, ...), in its own rotated frame; unrotated edges snap. */
export function startResize(e: PointerEvent, ctx: GestureContext, id: string, handle: string): void {
  const start = ctx.history.now();
  const layer = findLayer(start.layers, id);
  if (!layer || layer.locked) return;
  const b0 = boxOf(layer, ctx.variant);
  const o = originOf(start.layers, id, ctx.variant)!;
  const rotation = layer.rotation ?? 0;
  const targets = snapTargets(ctx.canvas, otherBoxes(start, [id], ctx.variant));
  track(e, ctx.zoom, (dx, dy, ev) => {
    let b = resizeRotated(b0, handle, dx, dy, rotation);
    let guides: Guide[] = [];
    if (!rotation && !ev.altKey) {
      const s = snapResize({ ...b, x: b.x + o.x, y: b.y + o.y }, handle, targets, SNAP_PX / ctx.zoom);
      b = { ...s.box, x: s.box.x - o.x, y: s.box.y - o.y };
      guides = s.guides;
    }
    ctx.setGuides(guides);
    ctx.history.preview({ ...start, layers: mapLayer(start.layers, id, (l) => withBox(l, ctx.variant, b)) });
  }, () => {
    ctx.setGuides([]);
    ctx.history.commit(start);
  });
}

/** Rotates one layer about its centre: the angle from the centre to the pointer; Shift steps by 15°, near a right angle it snaps. */
export function startRotate(e: PointerEvent, ctx: GestureContext, id: string, stageRect: () => DOMRect): void {
  const start = ctx.history.now();
  const layer = findLayer(start.layers, id);
  const abs = absoluteBox(start, id, ctx.variant);
  if (!layer || layer.locked || !abs) return;
  track(e, ctx.zoom, (_dx, _dy, ev) => {
    const r = stageRect();
    const px = (ev.clientX - r.left) / ctx.zoom;
    const py = (ev.clientY - r.top) / ctx.zoom;
    let deg = (Math.atan2(py - (abs.y + abs.height / 2), px - (abs.x + abs.width / 2)) * 180) / Math.PI + 90;
    if (deg > 180) deg -= 360;
    if (ev.shiftKey) deg = Math.round(deg / 15) * 15;
    else if (Math.abs(deg - Math.round(deg / 90) * 90) < 3) deg = Math.round(deg / 90) * 90;
    const rotation = Math.round(deg * 10) / 10;
    ctx.history.preview({ ...start, layers: mapLayer(start.layers, id, (l) => ({ ...l, rotation: rotation === 0 ? undefined : rotation }) as Layer) });
  }, () => ctx.history.commit(start));
}

/** Draws a selection rectangle; the top-level layers it touches become the selection (added to it with Shift). */
export function startMarquee(e: PointerEvent, ctx: GestureContext, at: { x: number; y: number }): void {
  const doc = ctx.history.now();
  const base = e.shiftKey ? ctx.selection : [];
  let box: Box = { ...at, width: 0, height: 0 };
  track(e, ctx.zoom, (dx, dy) => {
    box = { x: Math.min(at.x, at.x + dx), y: Math.min(at.y, at.y + dy), width: Math.abs(dx), height: Math.abs(dy) };
    ctx.setMarquee(box);
  }, () => {
    ctx.setMarquee(null);
    const hit = doc.layers
      .filter((l) => l.visible !== false && !l.locked)
      .filter((l) => {
        const b = boxOf(l, ctx.variant);
        return b.x < box.x + box.width && b.x + b.width > box.x && b.y < box.y + box.height && b.y + b.height > box.y;
      })
      .map((l) => l.id);
    ctx.select([...new Set([...base, ...hit])]);
  });
}

/** Pans the viewport (Space held, or the middle button). */
export function startPan(e: PointerEvent, viewport: HTMLElement): void {
  const left = viewport.scrollLeft;
  const top = viewport.scrollTop;
  track(e, 1, (dx, dy) => {
    viewport.scrollLeft = left - dx;
    viewport.scrollTop = top - dy;
  }, () => undefined);
}
