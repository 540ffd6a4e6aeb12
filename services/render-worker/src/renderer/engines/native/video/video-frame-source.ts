import type { MeasuredNode, Node, Renderer, RenderOptions } from '@takumi-rs/core';
import { frameTimeMs } from '../../../video/frame-time-ms';
import { BAND_MAX_SHARE, bandDrawing, type BandDrawing } from './band-drawing';
import { damagedRows, type Rows } from './damaged-rows';
import { paintChanges, paintWindows, unknownChanges, type Window } from './paint-windows';
import { paintOverflowPx } from './paint-overflow-px';
import { paintProbe } from './paint-probe';
import type { SvgFrames } from '../image/svg-frames';

type DrawOptions = RenderOptions & { width: number; height: number };

/** A frame as RGBA, and which of its rows can differ from the frame before (bands, top to bottom). */
export interface DrawnFrame {
  pixels: Buffer;
  changed: readonly Rows[] | 'all' | 'none';
}

export interface VideoFrameSource {
  /**
   * Frame i, given frame i-1 as drawn (absent for a chunk's first frame). With `reuse`, the caller is done with
   * `previous` (its bytes are already on their way to ffmpeg in another form), and a band is drawn into it.
   */
  frame(i: number, previous: Buffer | undefined, reuse: boolean): Promise<DrawnFrame>;
  /** Frames of which only some rows were drawn, and frames written again because nothing moved. */
  counts: { bandFrames: number; unchangedFrames: number };
  /** Why every frame is drawn whole, when it is; else why frames in which keyframes paint are, when they are. */
  bandRefused?: string;
}

interface Plan {
  band: BandDrawing;
  windows: readonly Window[];
  overflowPx: number;
  /** What keyframes other than geometry paint (paint-probe.ts); else why frames they paint in are drawn whole. */
  painted: Set<string> | string;
}

/** Whether, and how, this document's frames can be drawn in part; else why not. */
async function planOf(renderer: Renderer, node: Node, opts: DrawOptions, staticFrom: number): Promise<Plan | string> {
  const css = opts.css ?? [];
  const windows = paintWindows(node, css, staticFrom);
  if (!windows) return 'animations_unbounded';
  const overflowPx = paintOverflowPx(node, css);
  if (overflowPx === null) return 'paint_overflow_unknown';
  const band = await bandDrawing(renderer, node, opts);
  if ('refused' in band) return band.refused;
  return { band, windows, overflowPx, painted: await paintProbe(renderer, node, opts, windows) };
}

/** Whether the frame at `to` is drawn whole although the one at `from` was drawn: what changes between them is not known. */
const drawnWhole = (plan: Plan, from: number, to: number) =>
  unknownChanges(plan.windows, from, to) || (typeof plan.painted === 'string' && paintChanges(plan.windows, from, to));

/**
 * The frames of a native video chunk (draw-video-frames.ts). A frame is drawn whole when it is the chunk's first, or
 * when something may change that no keyframes name or that the paint probe could not place (paint-windows.ts,
 * paint-probe.ts). Otherwise takumi's layout at its instant and at the one before says which rows can differ
 * (damaged-rows.ts: where boxes moved, and where named keyframes paint): none, and the frame before is written
 * again; bands, and only those are drawn over a copy of it (band-drawing.ts). Either way the bytes are the whole
 * frame's, which is what lets a chunk start anywhere. A document with a moving inline SVG (svg-frames.ts) has every
 * frame drawn whole, its SVGs' markup at that frame's instant.
 */
export async function videoFrameSource(renderer: Renderer, node: Node, opts: DrawOptions, fps: number, staticFrom: number, svg?: SvgFrames | null): Promise<VideoFrameSource> {
  const counts = { bandFrames: 0, unchangedFrames: 0 };
  const drawn = (timeMs: number) => (svg ? svg.at(node, timeMs) : node);
  const whole = async (timeMs: number): Promise<DrawnFrame> => ({ pixels: await renderer.render(drawn(timeMs), { ...opts, format: 'raw', timeMs }), changed: 'all' });
  // a moving SVG is one image to takumi's layout, which cannot say where its markup's new frame paints
  if (svg) return { frame: (i) => whole(frameTimeMs(i, fps)), counts, bandRefused: 'svg_motion' };
  const plan = await planOf(renderer, node, opts, staticFrom);
  if (typeof plan === 'string') return { frame: (i) => whole(frameTimeMs(i, fps)), counts, bandRefused: plan };
  let last: { i: number; layout: MeasuredNode } | undefined;
  const layoutAt = async (i: number) => (last?.i === i ? last.layout : plan.band.measure(frameTimeMs(i, fps)));
  return {
    counts,
    ...(typeof plan.painted === 'string' ? { bandRefused: plan.painted } : {}),
    async frame(i, previous, reuse) {
      const from = frameTimeMs(i - 1, fps);
      const to = frameTimeMs(i, fps);
      if (!previous || drawnWhole(plan, from, to)) return whole(to);
      const before = await layoutAt(i - 1);
      const after = await plan.band.measure(to);
      last = { i, layout: after };
      const painted = typeof plan.painted !== 'string' && paintChanges(plan.windows, from, to) ? plan.painted : undefined;
      const bands = damagedRows(before, after, plan.overflowPx, opts.height, painted);
      if (!bands) return (counts.unchangedFrames++, { pixels: previous, changed: 'none' });
      if (bands.reduce((n, b) => n + b.bottom - b.top, 0) > BAND_MAX_SHARE * opts.height) return whole(to);
      counts.bandFrames++;
      return { pixels: await plan.band.redraw(previous, bands, to, reuse), changed: bands };
    },
  };
}
