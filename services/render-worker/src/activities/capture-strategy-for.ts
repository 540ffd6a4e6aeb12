import type { CaptureStrategy, VideoStrategy } from '@rp/workflow-safe';

/**
 * How a video template's frames are really captured on this worker. `auto` means begin-frame wherever the start-up
 * probe found a headless shell that supports it, except for a transparent composition, whose alpha only the
 * screenshot path's PNG frames carry; an explicit begin-frame falls back to screenshot where it is unavailable.
 */
export function captureStrategyFor(requested: VideoStrategy, opts: { transparent: boolean; beginFrameAvailable: boolean }): CaptureStrategy {
  const wanted = requested === 'begin-frame' || (requested === 'auto' && !opts.transparent);
  return wanted && opts.beginFrameAvailable ? 'begin-frame' : 'screenshot';
}
