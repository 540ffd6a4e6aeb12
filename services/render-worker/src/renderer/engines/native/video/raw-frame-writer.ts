import { rgbaToYuv420p, yuv420pSize } from '../../../ffmpeg/rgba-to-yuv420p';
import { rawFrameFormat } from '../../../ffmpeg/raw-frame-format';
import type { FrameInput } from '../../../ffmpeg/frame-input-options';
import { mergeRows, type Rows } from './damaged-rows';
import type { DrawnFrame } from './video-frame-source';

/** The bytes to write for a frame, and what to call once ffmpeg's pipe has taken them (their buffer is free again). */
export interface RawFrame {
  bytes: Buffer;
  taken: () => void;
}

/** A yuv420p buffer of the writer's: rows differing from the frame it last held (`stale`), and writes not yet taken. */
interface Planes {
  bytes: Buffer;
  stale: readonly Rows[] | 'all';
  pending: number;
}

/** Rows stale in a buffer: only what changed, since converting a row costs the same whether or not its neighbour is. */
const union = (a: readonly Rows[] | 'all', b: readonly Rows[] | 'all'): readonly Rows[] | 'all' => (a === 'all' || b === 'all' ? 'all' : mergeRows([...a, ...b], 0));

/**
 * The bytes a native chunk writes to its ffmpeg for each frame, in the segment's raw format (raw-frame-format.ts).
 * RGBA as drawn; or yuv420p converted here into a few buffers used in turn, each free again once ffmpeg's pipe has
 * taken it (no 1.4 MB allocation, copy and garbage per 720p frame). Every frame's changed rows are marked stale in
 * each buffer, so a buffer brought back converts only the rows changed since the frame it holds: the same bytes as
 * converting the frame whole (rgba-to-yuv420p.ts), as `frame.pixels` is always the whole frame. A frame that did
 * not change is the buffer before, written again.
 */
export function rawFrameWriter(format: Extract<FrameInput, 'rgba' | 'yuv420p'>, width: number, height: number): (frame: DrawnFrame) => RawFrame {
  const buffers: Planes[] = [];
  let last: Planes | undefined;
  const hold = (p: Planes): RawFrame => (p.pending++, { bytes: p.bytes, taken: () => void p.pending-- });
  return (frame) => {
    if (format === 'rgba') return { bytes: frame.pixels, taken: () => undefined };
    if (frame.changed === 'none' && last) return hold(last);
    const changed = frame.changed === 'none' ? 'all' : frame.changed;
    for (const p of buffers) p.stale = union(p.stale, changed);
    let planes = buffers.find((p) => p.pending === 0);
    if (!planes) buffers.push((planes = { bytes: Buffer.allocUnsafe(yuv420pSize(width, height)), stale: 'all', pending: 0 }));
    for (const rows of planes.stale === 'all' ? [{ top: 0, bottom: height }] : planes.stale) rgbaToYuv420p(frame.pixels, width, height, planes.bytes, rows.top, rows.bottom);
    planes.stale = [];
    return hold((last = planes));
  };
}

/** A frame drawn whole as the bytes a chunk of this codec and size writes for it (tests compare chunks with these). */
export const rawFrameBytes = (codec: 'h264' | 'vp9', width: number, height: number, rgba: Buffer): Buffer =>
  rawFrameWriter(rawFrameFormat(codec, width, height), width, height)({ pixels: rgba, changed: 'all' }).bytes;
