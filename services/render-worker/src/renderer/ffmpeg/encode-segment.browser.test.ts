import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { concatSegments } from './concat-segments';
import { createSegmentEncoder } from './create-segment-encoder';
import { encodeSegment } from './encode-segment';
import { extractThumbnail } from './extract-thumbnail';
import { yuv420pSize } from './rgba-to-yuv420p';
import { STDERR_TAIL_BYTES } from './start-ffmpeg';
import { probeVideo, processAlive, mp4TopLevelAtoms } from '@rp/test-kit';

const W = 320;
const H = 180;
const jpeg = (color: string) =>
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `color=c=${color}:s=${W}x${H}`, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'mjpeg', '-']);
const RED = jpeg('red');
const BLUE = jpeg('blue');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rp-encode-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('encodeSegment', () => {
  it('encodes an iterable of JPEGs into a faststart H.264 MP4', async () => {
    const out = join(dir, 'seg.mp4');
    const frames = Array.from({ length: 25 }, (_, i) => (i % 2 ? RED : BLUE));
    const res = await encodeSegment({ frames, fps: 25, width: W, height: H, outputPath: out });
    expect(res).toEqual({ outputPath: out, frames: 25 });
    const p = await probeVideo(out);
    expect(p).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: W, height: H, frames: 25 });
    expect(p.duration).toBeCloseTo(1, 2);
    const atoms = mp4TopLevelAtoms(out);
    expect(atoms.indexOf('moov')).toBeLessThan(atoms.indexOf('mdat'));
    expect(readdirSync(dir)).toEqual(['seg.mp4']); // no .partial left behind
  });

  it('accepts an async iterable', async () => {
    async function* gen() {
      for (let i = 0; i < 10; i++) yield RED;
    }
    const res = await encodeSegment({ frames: gen(), fps: 10, width: W, height: H, outputPath: join(dir, 'a.mp4') });
    expect((await probeVideo(res.outputPath)).frames).toBe(10);
  });

  it('fails with encode_failed, keeping a bounded stderr tail, on undecodable input', async () => {
    const garbage = Buffer.alloc(64 * 1024, 7);
    const err = await encodeSegment({ frames: [garbage, garbage], fps: 10, width: W, height: H, outputPath: join(dir, 'bad.mp4') }).catch((e) => e);
    expect(err).toMatchObject({ name: 'RenderFailure', code: 'encode_failed', retryable: true });
    expect(err.message.length).toBeGreaterThan('encode segment: '.length);
    expect(err.message.length).toBeLessThan(STDERR_TAIL_BYTES + 1024);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('cancellation kills ffmpeg and removes the partial file', async () => {
    const ac = new AbortController();
    const out = join(dir, 'cancel.mp4');
    const enc = createSegmentEncoder({ fps: 30, width: W, height: H, outputPath: out, signal: ac.signal });
    for (let i = 0; i < 30; i++) await enc.write(i % 2 ? RED : BLUE);
    // The process spawns asynchronously; wait until it exists so the test proves it is killed.
    for (let i = 0; i < 100 && !enc.pid(); i++) await new Promise((r) => setTimeout(r, 20));
    const pid = enc.pid()!;
    expect(pid).toBeGreaterThan(0);
    ac.abort();
    await expect(enc.write(RED).then(() => enc.end())).rejects.toMatchObject({ code: 'cancelled' });
    expect(processAlive(pid)).toBe(false);
    expect(existsSync(out) || existsSync(`${out}.partial`)).toBe(false);
  });

  it('says when ffmpeg has taken each frame, in order, before the segment ends', async () => {
    // an even-sized H.264 segment takes yuv420p (raw-frame-format.ts)
    const raw = (v: number) => Buffer.alloc(yuv420pSize(W, H), v);
    const enc = createSegmentEncoder({ fps: 30, width: W, height: H, frameInput: 'raw', outputPath: join(dir, 'raw.mp4') });
    const taken: number[] = [];
    // 60 frames of 86 KB: more than the bytes queued ahead of ffmpeg, so writes wait for frames to be taken
    for (let i = 0; i < 60; i++) await enc.write(raw(i * 4), () => taken.push(i));
    expect(taken.length).toBeGreaterThan(0);
    const { frames } = await enc.end();
    expect(frames).toBe(60);
    expect(taken).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect((await probeVideo(join(dir, 'raw.mp4'))).frames).toBe(60);
  });

  it('abort() after a clean end keeps the finished file', async () => {
    const enc = createSegmentEncoder({ fps: 10, width: W, height: H, outputPath: join(dir, 'x.mp4') });
    await enc.write(RED);
    await enc.end();
    await enc.abort();
    expect(existsSync(join(dir, 'x.mp4'))).toBe(true);
  });
});

describe('concatSegments + extractThumbnail', () => {
  it('joins segments by stream copy, frame-exact, with faststart', async () => {
    const paths: string[] = [];
    for (const [i, n] of [7, 10, 3].entries()) {
      const frames = Array.from({ length: n }, () => (i % 2 ? RED : BLUE));
      paths.push((await encodeSegment({ frames, fps: 10, width: W, height: H, outputPath: join(dir, `seg '${i}.mp4`) })).outputPath);
    }
    const out = join(dir, 'final.mp4');
    await concatSegments({ segmentPaths: paths, outputPath: out });
    const p = await probeVideo(out);
    expect(p).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', frames: 20, width: W, height: H });
    expect(p.duration).toBeCloseTo(2, 2);
    const atoms = mp4TopLevelAtoms(out);
    expect(atoms.indexOf('moov')).toBeLessThan(atoms.indexOf('mdat'));

    const thumb = await extractThumbnail({ videoPath: out, outputPath: join(dir, 'thumb.jpg'), atSeconds: 1 });
    expect(thumb.bytes).toBeGreaterThan(0);
    await expect(extractThumbnail({ videoPath: out, outputPath: join(dir, 't2.jpg'), atSeconds: 60 })).rejects.toMatchObject({
      code: 'encode_failed',
    });
  });

  it('fails with encode_failed when a segment is missing', async () => {
    await expect(concatSegments({ segmentPaths: [join(dir, 'nope.mp4')], outputPath: join(dir, 'o.mp4') })).rejects.toMatchObject({
      code: 'encode_failed',
    });
    expect(readdirSync(dir)).toEqual([]);
  });
});
