import { createHash } from 'node:crypto';
import type { CaptureStrategy } from '@rp/workflow-safe';
import { createBrowserPool, type ManagedBrowserPool } from '../pool/browser-pool';
import { BEGIN_FRAME_CHROME_ARGS } from '../pool/chrome-args';
import { captureFrames } from './capture-frames';
import { animatedFixture, fixtureBoxSize, fixtureBoxX, decodeJpeg, measureBoxX } from '@rp/test-kit';
import { CHROMIUM, HEADLESS_SHELL } from '../../../../testing';

// The same checks as capture-frames.test.ts, through the worker's real pool (its launch flags, page reuse and reset),
// i.e. the way the activities run video chunks.
const W = 320;
const H = 180;
const FPS = 10;
const geo = { width: W, height: H, seconds: 5 };
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');


describe.each<CaptureStrategy>(['screenshot', 'begin-frame'])('video through the browser pool (%s)', (strategy) => {
  let pool: ManagedBrowserPool;
  beforeAll(async () => {
    pool = await createBrowserPool(
      strategy === 'begin-frame'
        ? { executablePath: HEADLESS_SHELL, size: 1, recycleAfter: 100, launchArgs: [...BEGIN_FRAME_CHROME_ARGS] }
        : { executablePath: CHROMIUM, size: 1, recycleAfter: 100 },
    );
  });
  afterAll(async () => pool?.close());

  const capture = async (doc: string, start: number, end: number) => {
    const frames: Buffer[] = [];
    const res = await pool.withPage((page) =>
      captureFrames(page, { document: doc, width: W, height: H, fps: FPS, startFrame: start, endFrame: end, strategy, onFrame: (b) => void frames.push(b) }),
      { orgId: 'org-a' },
    );
    expect(res.strategy).toBe(strategy);
    return frames;
  };

  it('reused pages give exact positions and identical full/chunked frames', async () => {
    const mixed = animatedFixture({ ...geo, driver: 'mixed' });
    const full = await capture(mixed, 0, 40);
    const again = await capture(mixed, 0, 40); // same pooled page, reset in between
    const chunk = await capture(mixed, 17, 40);
    expect(again.map(sha)).toEqual(full.map(sha));
    expect(chunk.map(sha)).toEqual(full.slice(17).map(sha));

    const raf = await capture(animatedFixture({ ...geo, driver: 'raf' }), 0, 50);
    for (const t of [1, 4]) {
      const d = decodeJpeg(raf[t * FPS]);
      const x = measureBoxX(d.rgb, d.width, d.height) - fixtureBoxSize(H) / 2;
      expect(Math.abs(x - fixtureBoxX(t, geo))).toBeLessThanOrEqual(1);
    }
    expect(pool.stats().launches).toBe(1);
  });
});
