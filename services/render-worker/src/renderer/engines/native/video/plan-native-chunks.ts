import type { VideoChunkPlan } from '@rp/workflow-safe';
import { nativeChunkFrames, planChunks, planWeightedChunks } from '../../../video/plan-chunks';
import { nativeFrameWeights } from './native-frame-weights';

export interface NativeChunking {
  totalFrames: number;
  fps: number;
  /** VIDEO_CHUNK_FRAMES. */
  chunkFrames: number;
  /** NATIVE_ENGINE_PROCESSES. */
  engineProcesses: number;
}

/**
 * The chunks of a native video. A long one is cut into chunks of `chunkFrames`, which the engine processes take as
 * they free up. A short one is shared between the engine processes at once (nativeChunkFrames), cut where the
 * expected cost of its frames (nativeFrameWeights) is shared evenly rather than its frame count, so both finish
 * together.
 */
export function planNativeChunks(document: string, { totalFrames, fps, chunkFrames, engineProcesses }: NativeChunking): VideoChunkPlan[] {
  const size = nativeChunkFrames(totalFrames, chunkFrames, engineProcesses);
  if (size >= chunkFrames || size >= totalFrames) return planChunks(totalFrames, size);
  let weights: number[];
  try {
    weights = nativeFrameWeights(document, totalFrames, fps);
  } catch {
    // a document the native engine will refuse as too complex: its chunk fails with that reason, not the plan
    return planChunks(totalFrames, size);
  }
  return planWeightedChunks(weights, Math.ceil(totalFrames / size));
}
