import { benchRawVideo } from './bench-raw-video';
import { CHROMIUM, HEADLESS_SHELL } from '@rp/render-worker/testing';

// Smoke test only; the bench harness runs the real sizes (RP_VIDEO_BENCH=1 runs them here too).
const sizes: Array<[number, number, number, number]> = process.env.RP_VIDEO_BENCH
  ? [[1280, 720, 30, 5], [1920, 1080, 30, 5]]
  : [[320, 180, 30, 1]];

describe('benchRawVideo', () => {
  it.each(sizes)('%ix%i @%i fps, %i s', async (width, height, fps, seconds) => {
    for (const [strategy, executablePath] of [['screenshot', CHROMIUM], ['begin-frame', HEADLESS_SHELL]] as const) {
      const r = await benchRawVideo({ executablePath, width, height, fps, seconds, strategy });
      console.log(`${width}x${height}@${fps} ${strategy}: ${r.frames} frames in ${r.seconds.toFixed(2)} s = ${r.fps.toFixed(1)} fps (capture ${r.captureSeconds.toFixed(2)} s)`);
      // every requested frame was captured and is in the file; the figures are one measurement's, consistent
      expect(r.frames).toBe(fps * seconds);
      expect(r.encoded).toEqual({ frames: fps * seconds, width, height });
      expect(r.strategy).toBe(strategy);
      expect(r.seconds).toBeGreaterThan(0);
      expect(r.fps).toBeCloseTo(r.frames / r.seconds, 6);
      expect(r.captureSeconds).toBeGreaterThan(0);
      expect(r.captureSeconds).toBeLessThanOrEqual(r.seconds);
    }
  }, 600_000);
});
