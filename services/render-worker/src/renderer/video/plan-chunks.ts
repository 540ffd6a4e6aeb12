import type { VideoChunkPlan } from '@rp/workflow-safe';

/** Frames of a video: the duration rounded to whole frames, never 0 for a positive duration. */
export function totalFramesFor(durationSeconds: number, fps: number): number {
  if (!(durationSeconds > 0) || !(fps > 0)) throw new Error(`invalid duration ${durationSeconds}s at ${fps} fps`);
  return Math.max(1, Math.round(durationSeconds * fps));
}

/** Splits [0, totalFrames) into consecutive chunks of chunkFrames (the last one may be shorter; none is empty). */
export function planChunks(totalFrames: number, chunkFrames: number): VideoChunkPlan[] {
  if (!Number.isInteger(totalFrames) || totalFrames < 1) throw new Error(`totalFrames must be a positive integer`);
  if (!Number.isInteger(chunkFrames) || chunkFrames < 1) throw new Error(`chunkFrames must be a positive integer`);
  const chunks: VideoChunkPlan[] = [];
  for (let start = 0, index = 0; start < totalFrames; start += chunkFrames, index++) {
    chunks.push({ index, startFrame: start, endFrame: Math.min(totalFrames, start + chunkFrames) });
  }
  return chunks;
}
