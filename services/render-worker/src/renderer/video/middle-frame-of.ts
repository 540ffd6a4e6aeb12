/** The frame a video's thumbnail shows: its middle one (templates often fade in from blank). */
export const middleFrameIndex = (totalFrames: number) => Math.floor(totalFrames / 2);

/**
 * Where the video's middle frame (frame ⌊total/2⌋, the thumbnail: templates often fade in from blank) lies: the
 * segment holding it, and a seek time within that segment (whose timestamps start at 0) half a frame before the
 * frame, so `-ss` (which keeps the first frame at or after it) lands on that frame whatever the rounding.
 */
export function middleFrameOf(segmentFrames: readonly number[], fps: number): { segment: number; atSeconds: number } {
  const total = segmentFrames.reduce((a, b) => a + b, 0);
  if (total < 1 || !(fps > 0)) throw new Error(`no middle frame in ${total} frames at ${fps} fps`);
  let frame = middleFrameIndex(total);
  let segment = 0;
  while (frame >= segmentFrames[segment]!) frame -= segmentFrames[segment++]!;
  return { segment, atSeconds: Math.max(0, (frame - 0.5) / fps) };
}
