import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeFrames, probeVideo, processAlive, waitFor } from '@rp/test-kit';
import { concatSegments } from './concat-segments';
import { createSegmentEncoder } from './create-segment-encoder';
import { createFfmpegSpares, MAX_SPARES, type FfmpegSpares } from './ffmpeg-spares';

const W = 64;
const H = 48;
/** A yuv420p frame of one grey: luma `y` (limited range), neutral chroma. */
const grey = (y: number, w = W, h = H) => Buffer.concat([Buffer.alloc(w * h, y), Buffer.alloc((w * h) / 2, 128)]);
/** That grey decoded to full-range RGB. */
const rgbOf = (y: number) => Math.round(((y - 16) * 255) / 219);

/** pids of the ffmpegs waiting in `dir` (their output is there). */
function waitingIn(dir: string): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(`${dir}/`);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** `read()` once `ok` accepts it (test-kit waitFor, which takes only truthy values: this one may be `false`). */
const until = <T>(read: () => T, ok: (v: T) => boolean): Promise<T> =>
  waitFor(async () => {
    const v = read();
    return ok(v) ? { v } : null;
  }, { timeoutMs: 10_000, everyMs: 20, what: 'ffmpeg spares' }).then((r) => r.v);

/** One segment of `frames` grey frames; the pid of the ffmpeg that encoded it. */
async function encode(spares: FfmpegSpares, outputPath: string, frames: number, y: number, size = { width: W, height: H }, signal?: AbortSignal) {
  let pid = 0;
  const enc = createSegmentEncoder({ fps: 10, ...size, outputPath, frameInput: 'raw', spares, signal, onSpawn: (p) => (pid = p) });
  for (let i = 0; i < frames; i++) await enc.write(grey(y, size.width, size.height));
  await enc.end();
  return pid;
}

let dir: string;
let sparesDir: string;
let spares: FfmpegSpares;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rp-spares-test-'));
  sparesDir = join(dir, 'spares');
  spares = createFfmpegSpares({ dir: sparesDir, delayMs: 0 });
});
afterEach(() => {
  spares.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('createFfmpegSpares', () => {
  it('gives the next segment with the same arguments the ffmpeg that waited for it, its file where asked', async () => {
    const first = await encode(spares, join(dir, 'a.mp4'), 5, 60);
    const [waiting] = await until(() => waitingIn(sparesDir), (p) => p.length === 1);
    expect(waiting).not.toBe(first);
    const second = await encode(spares, join(dir, 'b.mp4'), 7, 200);
    expect(second).toBe(waiting);
    expect(await probeVideo(join(dir, 'b.mp4'))).toMatchObject({ codec: 'h264', frames: 7, width: W, height: H });
    const frames = await decodeFrames(join(dir, 'b.mp4'), W, H);
    expect(frames).toHaveLength(7);
    for (const f of frames) expect(Math.abs(f[(H / 2) * W * 3 + (W / 2) * 3]! - rgbOf(200))).toBeLessThan(4);
    // the spare's own file moved, and the next spare waits
    expect((await until(() => waitingIn(sparesDir), (p) => p.length === 1))[0]).not.toBe(second);
    expect(readdirSync(sparesDir)).toEqual([]);
  });

  it('starts a new ffmpeg for other arguments, keeping at most MAX_SPARES waiting', async () => {
    await encode(spares, join(dir, 'a.mp4'), 3, 60);
    const [waiting] = await until(() => waitingIn(sparesDir), (p) => p.length === 1);
    const other = await encode(spares, join(dir, 'b.mp4'), 3, 60, { width: 32, height: 32 });
    expect(other).not.toBe(waiting);
    expect(await probeVideo(join(dir, 'b.mp4'))).toMatchObject({ frames: 3, width: 32, height: 32 });
    await encode(spares, join(dir, 'c.mp4'), 3, 60, { width: 16, height: 16 });
    const left = await until(() => waitingIn(sparesDir), (p) => p.length === MAX_SPARES && !p.includes(waiting!));
    expect(left).toHaveLength(MAX_SPARES);
    // killed, and gone once reaped
    await until(() => processAlive(waiting!), (a) => !a);
  });

  it('a cancelled run that took a spare is killed, its file removed', async () => {
    await encode(spares, join(dir, 'a.mp4'), 3, 60);
    const [waiting] = await until(() => waitingIn(sparesDir), (p) => p.length === 1);
    const abort = new AbortController();
    const enc = createSegmentEncoder({ fps: 10, width: W, height: H, outputPath: join(dir, 'b.mp4'), frameInput: 'raw', spares, signal: abort.signal });
    await enc.write(grey(90));
    expect(enc.pid()).toBe(waiting);
    abort.abort();
    await expect(enc.end()).rejects.toMatchObject({ code: 'cancelled' });
    expect(processAlive(waiting!)).toBe(false);
    expect(existsSync(join(dir, 'b.mp4'))).toBe(false);
    expect(existsSync(join(dir, 'b.mp4.partial'))).toBe(false);
    await until(() => waitingIn(sparesDir), (p) => p.length === 1);
    expect(readdirSync(sparesDir)).toEqual([]);
  });

  it('joins through a waiting ffmpeg, the segment list on its stdin', async () => {
    const segments = [join(dir, "it's 0.mp4"), join(dir, 's1.mp4')];
    await encode(spares, segments[0]!, 4, 40);
    await encode(spares, segments[1]!, 6, 220);
    await concatSegments({ segmentPaths: segments, outputPath: join(dir, 'j1.mp4'), spares });
    const pids = await until(() => waitingIn(sparesDir), (p) => p.length === 2);
    // one of the two waiting is the join's spare (the other the segment encoder's)
    const joins = pids.filter((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('concat'));
    expect(joins).toHaveLength(1);
    const join2 = joins[0]!;
    await concatSegments({ segmentPaths: [...segments].reverse(), outputPath: join(dir, 'j2.mp4'), spares });
    // the waiting join ran this list and exited
    expect(processAlive(join2)).toBe(false);
    const frames = await decodeFrames(join(dir, 'j2.mp4'), W, H);
    expect(frames.map((f) => (f[0]! > 128 ? 'light' : 'dark'))).toEqual([...Array(6).fill('light'), ...Array(4).fill('dark')]);
    expect(await probeVideo(join(dir, 'j1.mp4'))).toMatchObject({ frames: 10 });
  });

  it('close() kills the waiting ffmpegs and removes their directory', async () => {
    await encode(spares, join(dir, 'a.mp4'), 3, 60);
    const [waiting] = await until(() => waitingIn(sparesDir), (p) => p.length === 1);
    spares.close();
    await until(() => processAlive(waiting!), (a) => !a);
    expect(existsSync(sparesDir)).toBe(false);
  });
});
