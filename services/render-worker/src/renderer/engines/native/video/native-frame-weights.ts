import { frameTimeMs } from '../../../video/frame-time-ms';
import { paintChanges, paintWindows, unknownChanges } from './paint-windows';
import { prepareNativeDocument } from '../image/prepare-native-document';
import { staticFromMs } from './static-from-ms';
import { svgFrames } from '../image/svg-frames';

/**
 * What a native frame is expected to cost, relative to one drawn whole and encoded: measured on the promo card at
 * 720p (docs/video.md), an engine process and its ffmpeg spend about twice as much on a frame drawn whole as on one
 * drawn in a band where boxes move, most of it on one drawn in bands over what fades (`paint`), and a held frame
 * costs about a third (ffmpeg, and the pipe).
 */
export const NATIVE_FRAME_COST = { whole: 1, paint: 0.9, band: 0.5, held: 0.35 } as const;

/**
 * The expected cost of each frame of a native video (NATIVE_FRAME_COST), from its composed document alone (no
 * layout, no image): held once every animation has ended, drawn whole while something other than geometry may
 * change that no keyframes name, in bands over what named keyframes paint (paint-probe.ts), in a band otherwise.
 * An estimate for balancing chunks (planWeightedChunks): the engine process still decides each frame itself, so an
 * estimate that is off only makes the chunks less even.
 */
export function nativeFrameWeights(document: string, totalFrames: number, fps: number): number[] {
  const { node, css } = prepareNativeDocument(document);
  // a moving inline SVG has every frame drawn whole (video-frame-source.ts)
  if (svgFrames(node)) return new Array<number>(totalFrames).fill(NATIVE_FRAME_COST.whole);
  const staticFrom = staticFromMs(node, css);
  const windows = paintWindows(node, css, staticFrom);
  return Array.from({ length: totalFrames }, (_, i) => {
    const t = frameTimeMs(i, fps);
    if (t > staticFrom) return NATIVE_FRAME_COST.held;
    const from = frameTimeMs(i - 1, fps);
    if (!windows || i === 0 || unknownChanges(windows, from, t)) return NATIVE_FRAME_COST.whole;
    return paintChanges(windows, from, t) ? NATIVE_FRAME_COST.paint : NATIVE_FRAME_COST.band;
  });
}
