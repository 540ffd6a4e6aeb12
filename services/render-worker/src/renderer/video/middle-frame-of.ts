/** The frame a video's thumbnail shows: its middle one (templates often fade in from blank). */
export const middleFrameIndex = (totalFrames: number) => Math.floor(totalFrames / 2);

/**
 * Where a chunk writes the video's thumbnail, if it holds the thumbnail's frame (either engine draws it from that
 * frame's pixels, beside its segment); undefined for every other chunk.
 */
export function chunkThumbnail(c: { thumbnailFrame?: number; startFrame: number; endFrame: number; outputPath: string }): { frame: number; path: string } | undefined {
  const { thumbnailFrame: frame, startFrame, endFrame, outputPath } = c;
  return frame !== undefined && frame >= startFrame && frame < endFrame ? { frame, path: `${outputPath}.jpg` } : undefined;
}

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
