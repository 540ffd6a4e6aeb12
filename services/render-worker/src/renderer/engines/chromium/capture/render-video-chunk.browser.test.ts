import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaptureStrategy } from '@rp/workflow-safe';
import { concatSegments } from '../../../ffmpeg/concat-segments';
import { extractThumbnail } from '../../../ffmpeg/extract-thumbnail';
import { animatedFixture, fixtureBoxSize, fixtureBoxX, decodeFrames, decodeJpeg, probeVideo, meanAbsDiff, measureBoxX, mp4TopLevelAtoms } from '@rp/test-kit';
import { launchTestBrowser, type TestBrowser } from '../../../../testing';
import { planChunks, totalFramesFor } from '../../../video/plan-chunks';
import { renderVideoChunk } from './render-video-chunk';

const W = 320;
const H = 180;
const FPS = 10;
const SECONDS = 5;
const geo = { width: W, height: H, seconds: SECONDS };
const boxLeft = (rgb: Buffer, w = W, h = H) => measureBoxX(rgb, w, h) - fixtureBoxSize(h) / 2;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rp-video-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.each<CaptureStrategy>(['screenshot', 'begin-frame'])('renderVideoChunk (%s)', (strategy) => {
  let tb: TestBrowser;
  beforeAll(async () => {
    tb = await launchTestBrowser(strategy);
  });
  afterAll(async () => tb?.close());

  const render = (doc: string, startFrame: number, endFrame: number, name: string, fps = FPS, width = W, height = H) =>
    tb.withPage((page) =>
      renderVideoChunk({ page, document: doc, width, height, fps, startFrame, endFrame, strategy, outputPath: join(dir, name) }),
    );

  it('renders a full video: frame count, duration, size, codec, faststart, positions', async () => {
    const total = totalFramesFor(SECONDS, FPS);
    const progress: number[] = [];
    const doc = animatedFixture({ ...geo, driver: 'css' });
    const res = await tb.withPage((page) =>
      renderVideoChunk({
        page, document: doc, width: W, height: H, fps: FPS, startFrame: 0, endFrame: total, strategy,
        outputPath: join(dir, 'full.mp4'), onProgress: (n) => progress.push(n),
      }),
    );
    expect(res).toEqual({ segmentPath: join(dir, 'full.mp4'), frames: total, strategy });
    expect(progress.at(-1)).toBe(total);
    const p = await probeVideo(res.segmentPath);
    expect(p).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: W, height: H, frames: total });
    expect(p.duration).toBeCloseTo(SECONDS, 2);
    const atoms = mp4TopLevelAtoms(res.segmentPath);
    expect(atoms.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(atoms.indexOf('moov')).toBeLessThan(atoms.indexOf('mdat'));
    const frames = await decodeFrames(res.segmentPath, W, H);
    expect(frames).toHaveLength(total);
    for (const t of [1, 4]) expect(Math.abs(boxLeft(frames[t * FPS]) - fixtureBoxX(t, geo))).toBeLessThanOrEqual(1.5);

    const thumb = await extractThumbnail({ videoPath: res.segmentPath, outputPath: join(dir, 'thumb.jpg'), atSeconds: 2.5 });
    const img = decodeJpeg(readFileSync(thumb.outputPath));
    expect([img.width, img.height]).toEqual([W, H]);
    expect(Math.abs(boxLeft(img.rgb) - fixtureBoxX(2.5, geo))).toBeLessThanOrEqual(1.5);
  });

  it("writes the video's thumbnail from the capture of the frame it names, when the chunk holds it", async () => {
    const doc = animatedFixture({ ...geo, driver: 'css' });
    const thumbAt = (startFrame: number, endFrame: number, name: string, frame: number) =>
      tb.withPage((page) =>
        renderVideoChunk({ page, document: doc, width: W, height: H, fps: FPS, startFrame, endFrame, strategy, outputPath: join(dir, name), thumbnail: { frame, path: join(dir, `${name}.jpg`) } }),
      );
    const holds = await thumbAt(20, 30, 'holds.mp4', 25);
    expect(holds.thumbnailPath).toBe(join(dir, 'holds.mp4.jpg'));
    const img = decodeJpeg(readFileSync(holds.thumbnailPath!));
    expect([img.width, img.height]).toEqual([W, H]);
    expect(Math.abs(boxLeft(img.rgb) - fixtureBoxX(2.5, geo))).toBeLessThanOrEqual(1.5);
    // a chunk without that frame writes none
    const other = await thumbAt(0, 10, 'other.mp4', 25);
    expect(other.thumbnailPath).toBeUndefined();
    expect(readdirSync(dir).filter((f) => f.endsWith('.jpg'))).toEqual(['holds.mp4.jpg']);
  });

  it('a transparent chunk writes its thumbnail as a JPEG of the frame, without the alpha', async () => {
    // a red box on a transparent page: its colour stays, the transparent rest is black (alpha dropped, as the native
    // engine's thumbnail and one taken from the video have it)
    const doc = animatedFixture({ ...geo, driver: 'css' }).replace('background:#fff', 'background:transparent').replace('background:#000', 'background:#f00');
    const res = await tb.withPage((page) =>
      renderVideoChunk({ page, document: doc, width: W, height: H, fps: FPS, startFrame: 20, endFrame: 30, strategy, codec: 'vp9', transparent: true, outputPath: join(dir, 'alpha.webm'), thumbnail: { frame: 25, path: join(dir, 'alpha.jpg') } }),
    );
    const img = decodeJpeg(readFileSync(res.thumbnailPath!));
    expect([img.width, img.height]).toEqual([W, H]);
    const at = (x: number) => [...img.rgb.subarray((Math.round(H / 2) * W + Math.round(x)) * 3, (Math.round(H / 2) * W + Math.round(x)) * 3 + 3)];
    const [r, g, b] = at(fixtureBoxX(2.5, geo) + fixtureBoxSize(H) / 2);
    expect(r).toBeGreaterThan(200);
    expect(Math.max(g!, b!)).toBeLessThan(50);
    const far = fixtureBoxX(2.5, geo) > W / 2 ? 5 : W - 5;
    expect(Math.max(...at(far))).toBeLessThan(30);
  });

  it('3 chunks concatenated equal the unchunked render frame for frame (rAF-driven)', async () => {
    const total = totalFramesFor(SECONDS, FPS);
    const doc = animatedFixture({ ...geo, driver: 'raf' });
    const whole = await render(doc, 0, total, 'whole.mp4');
    const chunks = planChunks(total, 17);
    expect(chunks).toHaveLength(3);
    const segments: string[] = [];
    for (const c of chunks) {
      const r = await render(doc, c.startFrame, c.endFrame, `seg-${c.index}.mp4`);
      expect(r.frames).toBe(c.endFrame - c.startFrame);
      segments.push(r.segmentPath);
    }
    const joined = join(dir, 'joined.mp4');
    await concatSegments({ segmentPaths: segments, outputPath: joined });
    const p = await probeVideo(joined);
    expect(p).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: W, height: H, frames: total });
    expect(p.duration).toBeCloseTo(SECONDS, 2);

    const a = await decodeFrames(whole.segmentPath, W, H);
    const b = await decodeFrames(joined, W, H);
    expect(b).toHaveLength(a.length);
    for (let i = 0; i < total; i++) {
      // Each frame moves the box 5.5 px: a duplicated or dropped frame at a boundary shows up as a position error.
      expect(Math.abs(boxLeft(b[i]) - fixtureBoxX(i / FPS, geo))).toBeLessThanOrEqual(1.5);
      expect(meanAbsDiff(a[i], b[i])).toBeLessThan(1.5);
    }
  });

  it('renders 1280x720 at 30 fps', async () => {
    const g = { width: 1280, height: 720, seconds: 1 };
    const total = totalFramesFor(1, 30);
    const res = await render(animatedFixture({ ...g, driver: 'mixed' }), 0, total, 'hd.mp4', 30, 1280, 720);
    const p = await probeVideo(res.segmentPath);
    expect(p).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 1280, height: 720, frames: 30 });
    expect(p.duration).toBeCloseTo(1, 2);
    const frames = await decodeFrames(res.segmentPath, 1280, 720);
    expect(Math.abs(boxLeft(frames[15], 1280, 720) - fixtureBoxX(0.5, g))).toBeLessThanOrEqual(2);
  });

  it('cancellation during capture kills ffmpeg and leaves no segment', async () => {
    const ac = new AbortController();
    const out = join(dir, 'cancelled.mp4');
    const run = tb.withPage((page) =>
      renderVideoChunk({
        page, document: animatedFixture(geo), width: W, height: H, fps: FPS, startFrame: 0, endFrame: 50, strategy,
        outputPath: out, signal: ac.signal, onProgress: (n) => n === 10 && ac.abort(),
      }),
    );
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
    expect(readdirSync(dir)).toEqual([]);
  });
});
