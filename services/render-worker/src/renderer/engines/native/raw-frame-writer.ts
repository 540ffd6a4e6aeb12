import { rgbaToYuv420p, yuv420pSize } from '../../video/rgba-to-yuv420p';
import { rawFrameFormat } from '../../video/raw-frame-format';
import type { FrameInput } from '../../video/frame-input-options';
import type { DrawnFrame } from './video-frame-source';

/**
 * The bytes a native chunk writes to its ffmpeg for each frame, in the segment's raw format (raw-frame-format.ts).
 * RGBA as drawn; or yuv420p converted here, and only where the frame changed: the planes of the frame before are
 * copied and its changed rows converted over them (the same bytes as converting it whole, rgba-to-yuv420p.ts), and a
 * frame that did not change is the same buffer again.
 */
export function rawFrameWriter(format: Extract<FrameInput, 'rgba' | 'yuv420p'>, width: number, height: number): (frame: DrawnFrame) => Buffer {
  let last: Buffer | undefined;
  return (frame) => {
    if (format === 'rgba') return frame.pixels;
    if (frame.changed === 'none' && last) return last;
    const out = Buffer.allocUnsafe(yuv420pSize(width, height));
    if (frame.changed === 'all' || frame.changed === 'none' || !last) rgbaToYuv420p(frame.pixels, width, height, out);
    else {
      last.copy(out);
      rgbaToYuv420p(frame.pixels, width, height, out, frame.changed.top, frame.changed.bottom);
    }
    return (last = out);
  };
}

/** A frame drawn whole as the bytes a chunk of this codec and size writes for it (tests compare chunks with these). */
export const rawFrameBytes = (codec: 'h264' | 'vp9', width: number, height: number, rgba: Buffer): Buffer =>
  rawFrameWriter(rawFrameFormat(codec, width, height), width, height)({ pixels: rgba, changed: 'all' });
