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

/**
 * Splits [0, weights.length) into `parts` consecutive chunks of about equal summed weight (a frame's weight is what
 * drawing and encoding it is expected to cost), none shorter than `minFrames`: the engine processes that draw a short
 * native video's chunks at once then finish together, although its frames do not cost the same (frames drawn whole
 * while something fades, frames drawn in part or held after). Falls back to equal frame counts when the weights
 * cannot be met with chunks that long.
 */
export function planWeightedChunks(weights: readonly number[], parts: number, minFrames = MIN_NATIVE_CHUNK_FRAMES): VideoChunkPlan[] {
  const total = weights.length;
  const n = Math.max(1, Math.min(parts, Math.floor(total / minFrames)));
  const sum = weights.reduce((s, w) => s + w, 0);
  if (n === 1 || !(sum > 0)) return planChunks(total, Math.ceil(total / n));
  const bounds = [0];
  let acc = 0;
  for (let i = 0; i < total && bounds.length < n; i++) {
    acc += weights[i]!;
    const start = bounds[bounds.length - 1]!;
    // cut after frame i once this chunk holds its share, keeping room for the chunks still to come
    if (acc >= (sum * bounds.length) / n && i + 1 - start >= minFrames && total - (i + 1) >= minFrames * (n - bounds.length)) bounds.push(i + 1);
  }
  if (bounds.length < n) return planChunks(total, Math.ceil(total / n));
  return bounds.map((startFrame, index) => ({ index, startFrame, endFrame: bounds[index + 1] ?? total }));
}
