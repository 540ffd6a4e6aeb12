import type { CssInput, MeasuredNode, Node, Renderer, RenderOptions } from '@takumi-rs/core';
import type { Rows } from './damaged-rows';
import { eachDeclaration } from '../image/each-declaration';

type DrawOptions = RenderOptions & { width: number; height: number };

/**
 * Rows drawn above and below the damaged ones and then thrown away: takumi leaves out a glyph that only grazes the
 * canvas's edge, so the rows kept are never the band's first or last.
 */
const EDGE_ROWS = 32;

/** A band taller than this share of the frame is drawn as a whole frame: a band costs layout plus its rows. */
export const BAND_MAX_SHARE = 0.6;

export interface BandDrawing {
  /** takumi's layout of the document at an instant. */
  measure(timeMs: number): Promise<MeasuredNode>;
  /**
   * The frame at `timeMs` from the frame before it: each band of `bands` drawn again, the rest copied; with
   * `inPlace`, drawn into `previous` itself, for a caller that no longer needs it (3.7 MB a 720p frame neither
   * allocated nor copied).
   */
  redraw(previous: Buffer, bands: readonly Rows[], timeMs: number, inPlace: boolean): Promise<Buffer>;
}

/**
 * html drawn `top` px higher in a viewport of the frame's width, at the size it has in the whole frame, and the
 * containing block of what the viewport would contain (an absolute box placed from the bottom), so those keep their
 * places; bandDrawing checks that they do.
 */
function shifted(node: Node, size: { width: number; height: number }, top: number): Node {
  const style = { transform: `translateY(${-top}px)`, width: `${size.width}px`, height: `${size.height}px`, position: 'relative' };
  return { ...node, style: { ...node.style, ...style } } as Node;
}

/** Units and positions that depend on the viewport's height, which a band does not have. */
function viewportBound(node: Node, css: readonly CssInput[]): boolean {
  let bound = false;
  const readable = eachDeclaration(node, css, (prop, value) => {
    if (/\d(?:vh|vmin|vmax|svh|lvh|dvh|vb)\b/i.test(value) || (prop === 'position' && /fixed|sticky/i.test(value))) bound = true;
  });
  return bound || !readable;
}

/** Whether two layouts are the same, the second `dy` px higher. */
function sameLayout(a: MeasuredNode, b: MeasuredNode, dy: number): boolean {
  const t = a.transform;
  const u = b.transform;
  const same = a.width === b.width && a.height === b.height && t[0] === u[0] && t[1] === u[1] && t[2] === u[2] && t[3] === u[3] &&
    Math.abs(t[4] - u[4]) < 1e-3 && Math.abs(t[5] - dy - u[5]) < 1e-3;
  return same && a.children.length === b.children.length && a.children.every((c, i) => sameLayout(c, b.children[i]!, dy));
}

/**
 * Drawing part of a frame (docs/video.md, "Native videos"): the document with html moved up and drawn into a
 * viewport only as tall as the damaged rows (plus EDGE_ROWS each side), those rows then copied over the frame
 * before. Only for a document whose layout does not depend on the viewport's height: refused when a value could
 * (vh, fixed or sticky positions), and checked by laying it out both ways at t=0, every box in the same place.
 */
export async function bandDrawing(renderer: Renderer, node: Node, opts: DrawOptions): Promise<BandDrawing | { refused: string }> {
  if (viewportBound(node, opts.css ?? [])) return { refused: 'viewport_units' };
  const whole = await renderer.measure(node, { ...opts, timeMs: 0 });
  const size = { width: whole.width, height: whole.height };
  const probe = Math.floor(opts.height / 2);
  const banded = await renderer.measure(shifted(node, size, probe), { ...opts, height: 2 * EDGE_ROWS, timeMs: 0 });
  if (!sameLayout(whole, banded, probe)) return { refused: 'layout_depends_on_viewport' };
  const { width, height } = opts;
  return {
    measure: (timeMs) => renderer.measure(node, { ...opts, timeMs }),
    async redraw(previous, bands, timeMs, inPlace) {
      const drawn = await Promise.all(bands.map((rows) => {
        const top = Math.max(0, rows.top - EDGE_ROWS);
        const bottom = Math.min(height, rows.bottom + EDGE_ROWS);
        return renderer.render(shifted(node, size, top), { ...opts, height: bottom - top, format: 'raw', timeMs }).then((pixels) => ({ rows, top, pixels }));
      }));
      const frame = inPlace ? previous : Buffer.allocUnsafe(previous.length);
      if (!inPlace) previous.copy(frame);
      for (const { rows, top, pixels } of drawn) pixels.copy(frame, rows.top * width * 4, (rows.top - top) * width * 4, (rows.bottom - top) * width * 4);
      return frame;
    },
  };
}
