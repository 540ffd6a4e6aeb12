import { frameTimeMs } from '../../video/frame-time-ms';
import { paintChanges, paintWindows } from './paint-windows';
import { prepareNativeDocument } from './prepare-native-document';
import { staticFromMs } from './static-from-ms';

/**
 * What a native frame is expected to cost, relative to one drawn whole and encoded: measured on the promo card at
 * 720p (docs/video.md), an engine process and its ffmpeg spend about twice as much on a frame drawn whole as on one
 * drawn in a band, and a held frame costs about a third (ffmpeg, and the pipe).
 */
export const NATIVE_FRAME_COST = { whole: 1, band: 0.5, held: 0.35 } as const;

/**
 * The expected cost of each frame of a native video (NATIVE_FRAME_COST), from its composed document alone (no
 * layout, no image): held once every animation has ended, drawn whole while something other than geometry may
 * change, in a band otherwise. An estimate for balancing chunks (planWeightedChunks): the engine process still
 * decides each frame itself, so an estimate that is off only makes the chunks less even.
 */
export function nativeFrameWeights(document: string, totalFrames: number, fps: number): number[] {
  const { node, css } = prepareNativeDocument(document);
  const staticFrom = staticFromMs(node, css);
  const windows = paintWindows(node, css, staticFrom);
  return Array.from({ length: totalFrames }, (_, i) => {
    const t = frameTimeMs(i, fps);
    if (t > staticFrom) return NATIVE_FRAME_COST.held;
    if (!windows || i === 0 || paintChanges(windows, frameTimeMs(i - 1, fps), t)) return NATIVE_FRAME_COST.whole;
    return NATIVE_FRAME_COST.band;
  });
}
