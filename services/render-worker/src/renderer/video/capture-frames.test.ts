import { createHash } from 'node:crypto';
import type { VideoStrategy } from '@rp/common';
import { captureFrames } from './capture-frames';
import { animatedFixture, fixtureBoxSize, fixtureBoxX, type AnimationDriver } from './fixtures/animated';
import { probeBeginFrame } from './probe-begin-frame';
import { HEADLESS_SHELL, launchTestBrowser, type TestBrowser } from './__tests__/test-browser';
import { decodeJpeg, measureBoxX } from './__tests__/media';

const W = 320;
const H = 180;
const FPS = 10;
const SECONDS = 5;
const TOTAL = FPS * SECONDS;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function capture(tb: TestBrowser, strategy: VideoStrategy, doc: string, startFrame = 0, endFrame = TOTAL) {
  const frames: Buffer[] = [];
  const res = await tb.withPage((page) =>
    captureFrames(page, { document: doc, width: W, height: H, fps: FPS, startFrame, endFrame, strategy, onFrame: (b) => void frames.push(b) }),
  );
  return { frames, strategy: res.strategy };
}

const boxLeft = (jpeg: Buffer) => {
  const d = decodeJpeg(jpeg);
  expect([d.width, d.height]).toEqual([W, H]);
  return measureBoxX(d.rgb, d.width, d.height) - fixtureBoxSize(H) / 2;
};

let beginFrameAvailable = false;
beforeAll(async () => {
  beginFrameAvailable = await probeBeginFrame(HEADLESS_SHELL);
  if (!beginFrameAvailable) console.warn('begin-frame unavailable here: begin-frame capture tests are skipped');
});

describe.each<VideoStrategy>(['screenshot', 'begin-frame'])('captureFrames (%s)', (strategy) => {
  let tb: TestBrowser | undefined;
  beforeAll(async () => {
    if (strategy === 'begin-frame' && !beginFrameAvailable) return;
    tb = await launchTestBrowser(strategy);
  });
  afterAll(async () => tb?.close());

  it.each<AnimationDriver>(['css', 'raf', 'waapi', 'timer'])('lands %s animations exactly on frame time', async (driver) => {
    if (!tb) return;
    const { frames, strategy: used } = await capture(tb, strategy, animatedFixture({ width: W, height: H, seconds: SECONDS, driver }));
    expect(used).toBe(strategy);
    expect(frames).toHaveLength(TOTAL);
    for (const t of [0, 1, 4]) {
      expect(Math.abs(boxLeft(frames[t * FPS]) - fixtureBoxX(t, { width: W, height: H, seconds: SECONDS }))).toBeLessThanOrEqual(1);
    }
  });

  it('two captures of the same document give identical frames', async () => {
    if (!tb) return;
    const doc = animatedFixture({ width: W, height: H, seconds: SECONDS, driver: 'mixed' });
    const a = await capture(tb, strategy, doc);
    const b = await capture(tb, strategy, doc);
    expect(b.frames.map(sha)).toEqual(a.frames.map(sha));
    expect(new Set(a.frames.map(sha)).size).toBeGreaterThan(TOTAL / 2); // it really animates
  });

  it('a chunk starting at frame k reproduces frames k.. of the full capture (rAF/timer state included)', async () => {
    if (!tb) return;
    const doc = animatedFixture({ width: W, height: H, seconds: SECONDS, driver: 'mixed' });
    const full = await capture(tb, strategy, doc);
    const chunk = await capture(tb, strategy, doc, 23, 37);
    expect(chunk.frames.map(sha)).toEqual(full.frames.slice(23, 37).map(sha));
  });

  it('reports progress and stops on abort', async () => {
    if (!tb) return;
    const ac = new AbortController();
    const progress: number[] = [];
    const doc = animatedFixture({ width: W, height: H, seconds: SECONDS });
    const run = tb.withPage((page) =>
      captureFrames(page, {
        document: doc, width: W, height: H, fps: FPS, startFrame: 0, endFrame: TOTAL, strategy, signal: ac.signal,
        onFrame: (_b, i) => { if (i === 4) ac.abort(); },
        onProgress: (n) => progress.push(n),
      }),
    );
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });
});

describe.each<VideoStrategy>(['screenshot', 'begin-frame'])('captureFrames concurrency (%s)', (strategy) => {
  it('two pages of one browser capturing at once give the same frames as one alone', async () => {
    if (strategy === 'begin-frame' && !beginFrameAvailable) return;
    const tb = await launchTestBrowser(strategy);
    try {
      const doc = animatedFixture({ width: W, height: H, seconds: SECONDS, driver: 'mixed' });
      const alone = await capture(tb, strategy, doc, 0, 30);
      const [a, b] = await Promise.all([capture(tb, strategy, doc, 0, 30), capture(tb, strategy, doc, 0, 30)]);
      expect(a.frames.map(sha)).toEqual(alone.frames.map(sha));
      expect(b.frames.map(sha)).toEqual(alone.frames.map(sha));
    } finally {
      await tb.close();
    }
  });
});
