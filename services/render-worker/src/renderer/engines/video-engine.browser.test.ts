import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSsrfGuard } from '@rp/net-guard';
import { decodeFrames, decodeJpeg, probeVideo } from '@rp/test-kit';
import { createBrowserPool, type ManagedBrowserPool } from './chromium/pool/browser-pool';
import { composeDocument } from '../compose-document';
import { createRequestGuard } from '../request-guard';
import { CHROMIUM } from '../../testing';
import { createChromiumVideoEngine } from './chromium/capture/chromium-video-engine';
import { createNativeEngine, type NativeEngine } from './native/image/native-engine';
import { nativeVideoEngine } from './native/video/native-video-engine';
import type { VideoChunkInput, VideoEngine } from './video-engine';

// Both engines behind the one video seam: the same chunk input drawn by each, decoded and compared with where the
// CSS animation puts the box at each frame.
const W = 160;
const H = 80;
const FPS = 10;
const html = `<div style="position:absolute;left:0;top:20px;width:40px;height:40px;background:#ff0000;animation:m 1s linear both"></div>
<style>@keyframes m{from{transform:translateX(0)}to{transform:translateX(100px)}}</style>`;

let pool: ManagedBrowserPool;
let native: NativeEngine;
let dir: string;
beforeAll(async () => {
  pool = await createBrowserPool({ executablePath: CHROMIUM, size: 1, recycleAfter: 100 });
  native = createNativeEngine({ processes: 1 });
  dir = mkdtempSync(join(tmpdir(), 'rp-video-engine-'));
});
afterAll(async () => {
  await Promise.all([pool?.close(), native?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

function chunkInput(name: string, progress: number[]): VideoChunkInput {
  const ssrfGuard = createSsrfGuard();
  const resolveAsset = async () => null;
  return {
    document: composeDocument({ html, width: W, height: H, placeholders: [], modifications: [] }),
    width: W,
    height: H,
    fps: FPS,
    startFrame: 0,
    endFrame: 10,
    outputPath: join(dir, `${name}.mp4`),
    codec: 'h264',
    loadTimeoutMs: 30_000,
    frameTimeoutMs: 30_000,
    onProgress: (n) => progress.push(n),
    orgId: 'org-a',
    assets: { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) },
    strategy: 'screenshot',
    thumbnailFrame: 5,
  };
}

/** Whether the pixel at (x, y) of an RGB frame is the box's red. */
const redAt = (f: Buffer, x: number, y: number) => {
  const i = (y * W + x) * 3;
  return f[i]! > 200 && f[i + 1]! < 60 && f[i + 2]! < 60;
};

describe.each([
  ['chromium', () => createChromiumVideoEngine({ pool, beginFramePool: null }), 'screenshot'],
  ['native', () => nativeVideoEngine(native), 'native'],
] as const)('the %s video engine', (name, make, strategy) => {
  it('draws the chunk into one segment: every frame, the animation at i*1000/fps, its progress reported', async () => {
    const engine: VideoEngine = make();
    expect(engine.name).toBe(name);
    const progress: number[] = [];
    const out = await engine.renderChunk(chunkInput(name, progress), new AbortController().signal);
    expect({ frames: out.frames, strategy: out.strategy, segmentPath: out.segmentPath }).toEqual({ frames: 10, strategy, segmentPath: join(dir, `${name}.mp4`) });
    expect(await probeVideo(out.segmentPath)).toMatchObject({ codec: 'h264', frames: 10, width: W, height: H });
    expect(progress[progress.length - 1]).toBe(10);
    // the box moves 10 px a frame: its middle is at 20 + 10i
    const frames = await decodeFrames(out.segmentPath, W, H);
    expect(frames).toHaveLength(10);
    for (const i of [0, 5, 9]) expect({ i, inside: redAt(frames[i]!, 20 + 10 * i, 40), before: redAt(frames[i]!, 10 * i - 8, 40) }).toEqual({ i, inside: true, before: false });
    // either engine writes the thumbnail from the frame it was asked for (5), beside the segment
    expect(out.thumbnailPath).toBe(join(dir, `${name}.mp4.jpg`));
    const thumb = decodeJpeg(readFileSync(out.thumbnailPath!));
    expect([thumb.width, thumb.height]).toEqual([W, H]);
    expect({ inside: redAt(thumb.rgb, 20 + 10 * 5, 40), before: redAt(thumb.rgb, 10 * 5 - 8, 40) }).toEqual({ inside: true, before: false });
  });
});
