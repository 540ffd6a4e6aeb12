import { createHash } from 'node:crypto';
import type { CaptureStrategy } from '@rp/workflow-safe';
import { PNG } from 'pngjs';
import { composeDocument } from '../../../compose-document';
import { captureFrames } from './capture-frames';
import { animatedFixture, fixtureBoxSize, fixtureBoxX, type AnimationDriver, decodeJpeg, measureBoxX } from '@rp/test-kit';
import { launchTestBrowser, type TestBrowser } from '../../../../testing';

const W = 320;
const H = 180;
const FPS = 10;
const SECONDS = 5;
const TOTAL = FPS * SECONDS;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function capture(tb: TestBrowser, strategy: CaptureStrategy, doc: string, startFrame = 0, endFrame = TOTAL) {
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

describe.each<CaptureStrategy>(['screenshot', 'begin-frame'])('captureFrames (%s)', (strategy) => {
  let tb: TestBrowser;
  beforeAll(async () => {
    tb = await launchTestBrowser(strategy);
  });
  afterAll(async () => tb?.close());

  it.each<AnimationDriver>(['css', 'raf', 'waapi', 'timer'])('lands %s animations exactly on frame time', async (driver) => {
    const { frames, strategy: used } = await capture(tb, strategy, animatedFixture({ width: W, height: H, seconds: SECONDS, driver }));
    expect(used).toBe(strategy);
    expect(frames).toHaveLength(TOTAL);
    for (const t of [0, 1, 4]) {
      expect(Math.abs(boxLeft(frames[t * FPS]) - fixtureBoxX(t, { width: W, height: H, seconds: SECONDS }))).toBeLessThanOrEqual(1);
    }
  });

  it('two captures of the same document give identical frames', async () => {
    const doc = animatedFixture({ width: W, height: H, seconds: SECONDS, driver: 'mixed' });
    const a = await capture(tb, strategy, doc);
    const b = await capture(tb, strategy, doc);
    expect(b.frames.map(sha)).toEqual(a.frames.map(sha));
    expect(new Set(a.frames.map(sha)).size).toBeGreaterThan(TOTAL / 2); // it really animates
  });

  it('a chunk starting at frame k reproduces frames k.. of the full capture (rAF/timer state included)', async () => {
    const doc = animatedFixture({ width: W, height: H, seconds: SECONDS, driver: 'mixed' });
    const full = await capture(tb, strategy, doc);
    const chunk = await capture(tb, strategy, doc, 23, 37);
    expect(chunk.frames.map(sha)).toEqual(full.frames.slice(23, 37).map(sha));
  });

  it('composed documents: images and CSS backgrounds are decoded and text fitted before frame 0', async () => {
    const png = new PNG({ width: 40, height: 40 });
    png.data.fill(0);
    for (let i = 0; i < png.data.length; i += 4) png.data.set([255, 0, 0, 255], i);
    const red = `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
    const html = `<img src="${red}" style="position:absolute;left:10px;top:10px">
      <div style="position:absolute;left:100px;top:10px;width:40px;height:40px;background:url('${red}')"></div>
      <div id="fit" data-fit="shrink" style="position:absolute;left:10px;top:100px;width:100px;height:30px;font-size:60px;white-space:nowrap">long text here</div>`;
    const doc = composeDocument({ html, width: W, height: H, placeholders: [], modifications: [] });
    const frames: Buffer[] = [];
    const fontSize = await tb.withPage(async (page) => {
      await captureFrames(page, { document: doc, width: W, height: H, fps: FPS, startFrame: 0, endFrame: 1, strategy, onFrame: (b) => void frames.push(b) });
      return page.evaluate(() => (globalThis as any).getComputedStyle((globalThis as any).document.getElementById('fit')).fontSize);
    });
    const { rgb } = decodeJpeg(frames[0]);
    const px = (x: number, y: number) => [...rgb.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];
    for (const [x, y] of [[30, 30], [120, 30]]) {
      const [r, g, b] = px(x, y);
      expect(r).toBeGreaterThan(200);
      expect(g + b).toBeLessThan(80);
    }
    expect(parseFloat(fontSize)).toBeLessThan(60);
  });

  it('reports progress and stops on abort', async () => {
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

describe.each<CaptureStrategy>(['screenshot', 'begin-frame'])('captureFrames concurrency (%s)', (strategy) => {
  it('two pages of one browser capturing at once give the same frames as one alone', async () => {
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
