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

/** A native chunk shorter than this spends more on its ffmpeg start and document preparation than it gains. */
export const MIN_NATIVE_CHUNK_FRAMES = 30;

/**
 * Chunk size of a native video: at most `chunkFrames` (VIDEO_CHUNK_FRAMES), and small enough that the worker's
 * engine processes each draw a share of a short video at once. A native chunk starts in milliseconds (no page to
 * load), so the one-chunk plan a short Chromium video gets would leave all but one engine process idle.
 */
export function nativeChunkFrames(totalFrames: number, chunkFrames: number, engineProcesses: number): number {
  const share = Math.ceil(totalFrames / Math.max(1, engineProcesses));
  return Math.max(1, Math.min(chunkFrames, Math.max(MIN_NATIVE_CHUNK_FRAMES, share)));
}
