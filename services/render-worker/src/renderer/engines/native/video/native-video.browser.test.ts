import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSsrfGuard } from '@rp/net-guard';
import { decodeFrames, decodeJpeg, meanAbsDiff, probeVideo, processAlive, teeingFfmpeg, waitFor } from '@rp/test-kit';
import { composeDocument } from '../../../compose-document';
import { createRequestGuard } from '../../../request-guard';
import type { RenderFailure } from '../../../types';
import { createNativeEngine, type NativeEngine, type NativeVideoChunkInput } from '../image/native-engine';

// Launches native engine processes from dist (browser tier: `npm run build` first).
let engine: NativeEngine;
let dir: string;
beforeAll(() => {
  engine = createNativeEngine({ processes: 1 });
  dir = mkdtempSync(join(tmpdir(), 'rp-native-video-'));
});
afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

const W = 320;
const H = 180;
const FRAME = W * H * 4;
/** What an H.264 chunk of this size writes to ffmpeg per frame: yuv420p (raw-frame-format.ts). */
const RAW_FRAME = (W * H * 3) / 2;
const ssrfGuard = createSsrfGuard();
const resolveAsset = async () => null;
const assets = { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) };

/**
 * Two CSS animations, linear so each pixel's colour at an instant is known: a red bar sliding from x=-100 to x=220
 * over 1 s (its left edge at -100+320t), and a blue square fading in from 0.5 s to 1 s.
 */
const CARD = `<style>
@keyframes slide{from{transform:translateX(-100px)}to{transform:translateX(220px)}}
@keyframes fade{from{opacity:0}to{opacity:1}}
.bar{position:absolute;left:0;top:20px;width:100px;height:40px;background:#ee0000;animation:slide 1s linear both}
.dot{position:absolute;left:200px;top:100px;width:60px;height:60px;background:#0000ee;animation-name:fade;animation-duration:500ms;animation-delay:500ms;animation-timing-function:linear;animation-fill-mode:both}
</style><div class="bar"></div><div class="dot"></div>`;
const card = () => composeDocument({ html: CARD, width: W, height: H, placeholders: [], modifications: [] });

const chunk = (over: Partial<NativeVideoChunkInput> & Pick<NativeVideoChunkInput, 'startFrame' | 'endFrame' | 'outputPath'>): NativeVideoChunkInput => ({
  document: card(), width: W, height: H, fps: 30, codec: 'h264', assets, loadTimeoutMs: 15_000, frameTimeoutMs: 15_000, ...over,
});
const rgbAt = (frame: Buffer, x: number, y: number) => [...frame.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];
const near = (got: number[], want: number[], tolerance = 12) => got.every((v, i) => Math.abs(v - want[i]!) <= tolerance);
/** The ffmpeg an engine process started, once it has (fluent-ffmpeg spawns it a moment after the first frame). */
const ffmpegChildOf = (pid: number): number | null => {
  try {
    return Number(execFileSync('pgrep', ['-P', String(pid), 'ffmpeg']).toString().trim().split('\n')[0]) || null;
  } catch {
    return null; // pgrep exits 1 when there is none yet
  }
};
describe('native video chunks', () => {
  it('draws the CSS animations at each frame instant into an H.264 segment (frame count, pixels at known instants)', async () => {
    const outputPath = join(dir, 'full.mp4');
    const progress: number[] = [];
    const out = await engine.renderVideoChunk(chunk({ startFrame: 0, endFrame: 30, outputPath, onProgress: (n) => progress.push(n) }));
    expect(out).toMatchObject({ segmentPath: outputPath, frames: 30 });
    expect(progress.at(-1)).toBe(30);
    const p = await probeVideo(outputPath);
    expect(p).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: W, height: H, frames: 30, fps: 30 });
    const frames = await decodeFrames(outputPath, W, H);
    // the bar's left edge: -100 at frame 0 (x=110 white), 60 at frame 15 (x=110 red), 156 at frame 24 (x=110 white again)
    expect(near(rgbAt(frames[0]!, 110, 40), [255, 255, 255])).toBe(true);
    expect(near(rgbAt(frames[15]!, 110, 40), [238, 0, 0])).toBe(true);
    expect(near(rgbAt(frames[24]!, 110, 40), [255, 255, 255])).toBe(true);
    // the square: invisible until 0.5 s, 60% opaque at frame 24 (0.8 s)
    expect(near(rgbAt(frames[15]!, 230, 130), [255, 255, 255])).toBe(true);
    expect(near(rgbAt(frames[24]!, 230, 130), [102, 102, 245])).toBe(true);
  });

  it('leaves out a style value no engine reads, as Chromium does, and draws the rest of the element', async () => {
    const outputPath = join(dir, 'invalid-values.mp4');
    // `font-weight: light` and `width: abc` are dropped by Chromium; the bar keeps its other declarations
    const html = CARD.replace('<div class="bar"></div>', '<div class="bar" style="font-weight:light;width:abc;background:#ee0000"></div>');
    const document = composeDocument({ html, width: W, height: H, placeholders: [], modifications: [] });
    const out = await engine.renderVideoChunk(chunk({ document, startFrame: 0, endFrame: 16, outputPath }));
    expect(out.frames).toBe(16);
    const frames = await decodeFrames(outputPath, W, H);
    expect(near(rgbAt(frames[0]!, 110, 40), [255, 255, 255])).toBe(true);
    expect(near(rgbAt(frames[15]!, 110, 40), [238, 0, 0])).toBe(true);
  });

  it('moves an inline SVG by its own CSS animations: its markup is drawn at each frame instant (resvg draws it as a still)', async () => {
    // a red square sliding right inside the SVG, 200 px over 1 s from x=0, its own stylesheet and keyframes
    const svg = `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" style="display:block"><style>
      @keyframes s { from { transform: translate(0px, 0px) } to { transform: translate(200px, 0px) } }
      .r { animation: s 1s linear both }</style><rect class="r" x="0" y="60" width="40" height="40" fill="#ee0000"/></svg>`;
    const document = composeDocument({ html: svg, width: W, height: H, placeholders: [], modifications: [] });
    const outputPath = join(dir, 'svg.mp4');
    expect(await engine.renderVideoChunk(chunk({ document, startFrame: 0, endFrame: 36, outputPath }))).toMatchObject({ frames: 36 });
    const frames = await decodeFrames(outputPath, W, H);
    // x=120: white at 0 s (square at 0..40), red at 0.5 s (100..140), white at 29/30 s (193..233); x=210 red from then on
    expect(near(rgbAt(frames[0]!, 20, 80), [238, 0, 0])).toBe(true);
    expect(near(rgbAt(frames[0]!, 120, 80), [255, 255, 255])).toBe(true);
    expect(near(rgbAt(frames[15]!, 120, 80), [238, 0, 0])).toBe(true);
    expect(near(rgbAt(frames[29]!, 120, 80), [255, 255, 255])).toBe(true);
    expect(near(rgbAt(frames[29]!, 210, 80), [238, 0, 0])).toBe(true);
    // past its end the square stays where the forwards fill holds it
    expect(near(rgbAt(frames[35]!, 210, 80), [238, 0, 0])).toBe(true);
    expect(near(rgbAt(frames[35]!, 20, 80), [255, 255, 255])).toBe(true);
  });

  it.each([
    ['transform on steps(4)', 'from{transform:rotate(0deg)}to{transform:rotate(360deg)}', 'steps(4)'],
    ['the rotate property, linear', 'from{rotate:0deg}to{rotate:1turn}', 'linear'],
  ])('turns a full turn (%s) the way CSS does: takumi alone lands on one matrix at every instant', async (_, keyframes, timing) => {
    // a bar from the centre pointing right, a quarter further every 250 ms (on steps(4): frames 0-7 right, 8-14 down,
    // 15-22 left, 23-29 up; linear: the same quarters at frames 0, 8, 15, 23 give 0, 96, 180, 276 degrees)
    const html = `<style>@keyframes spin{${keyframes}}
      .bar{position:absolute;left:160px;top:85px;width:60px;height:10px;background:#ee0000;transform-origin:0 5px;animation:spin 1s ${timing} infinite}</style><div class="bar"></div>`;
    const document = composeDocument({ html, width: W, height: H, placeholders: [], modifications: [] });
    const outputPath = join(dir, 'turn.mp4');
    expect(await engine.renderVideoChunk(chunk({ document, startFrame: 0, endFrame: 30, outputPath }))).toMatchObject({ frames: 30 });
    const frames = await decodeFrames(outputPath, W, H);
    const tips: Array<[number, number]> = [[200, 90], [159, 130], [120, 90], [160, 50]];
    const pointing = (frame: Buffer) => tips.flatMap(([x, y], quarter) => (near(rgbAt(frame, x, y), [238, 0, 0], 40) ? [quarter] : []));
    const stepped = timing.startsWith('steps');
    const [at, want] = stepped ? [[0, 7, 8, 14, 15, 22, 23, 29], [[0], [0], [1], [1], [2], [2], [3], [3]]] : [[0, 8, 15, 23], [[0], [1], [2], [3]]];
    expect(at.map((f) => pointing(frames[f]!))).toEqual(want);
  });

  it('a chunk [10,20) writes exactly the raw frames 10..19 of a full [0,30) render, and decodes to them', async () => {
    const ffmpegPath = teeingFfmpeg(dir);
    await engine.renderVideoChunk(chunk({ startFrame: 0, endFrame: 30, outputPath: join(dir, 'tee-full.mp4'), ffmpegPath }));
    await engine.renderVideoChunk(chunk({ startFrame: 10, endFrame: 20, outputPath: join(dir, 'tee-part.mp4'), ffmpegPath }));
    const full = readFileSync(join(dir, 'tee-full.mp4.rgba'));
    const part = readFileSync(join(dir, 'tee-part.mp4.rgba'));
    expect(full.length).toBe(30 * RAW_FRAME);
    expect(part.length).toBe(10 * RAW_FRAME);
    expect(part.equals(full.subarray(10 * RAW_FRAME, 20 * RAW_FRAME))).toBe(true);
    // and the drawn frames are not all alike: the test would catch a chunk that drew the wrong instants
    expect(part.subarray(0, RAW_FRAME).equals(part.subarray(9 * RAW_FRAME))).toBe(false);
    const a = await decodeFrames(join(dir, 'tee-full.mp4'), W, H);
    const b = await decodeFrames(join(dir, 'tee-part.mp4'), W, H);
    expect(b).toHaveLength(10);
    for (let i = 0; i < 10; i++) expect(meanAbsDiff(a[i + 10]!, b[i]!)).toBeLessThan(1.5);
  });

  it('the chunk holding the middle frame writes it as the thumbnail, from its pixels; another chunk writes none', async () => {
    const held = await engine.renderVideoChunk(chunk({ startFrame: 10, endFrame: 20, outputPath: join(dir, 'thumb.mp4'), thumbnailFrame: 15 }));
    expect(held.thumbnailPath).toBe(join(dir, 'thumb.mp4.jpg'));
    const thumb = decodeJpeg(readFileSync(held.thumbnailPath!));
    expect([thumb.width, thumb.height]).toEqual([W, H]);
    const rgbOf = async (frame: number) => {
      const { data } = await engine.drawFrame({ document: card(), width: W, height: H, timeMs: (frame * 1000) / 30, timeoutMs: 15_000, assets });
      return Buffer.from(Array.from({ length: W * H * 3 }, (_, i) => data[Math.floor(i / 3) * 4 + (i % 3)]!));
    };
    expect(meanAbsDiff(thumb.rgb, await rgbOf(15))).toBeLessThan(1.5);
    // the frame itself, not a neighbour: the bar moves about 11 px a frame
    expect(meanAbsDiff(thumb.rgb, await rgbOf(12))).toBeGreaterThan(3 * meanAbsDiff(thumb.rgb, await rgbOf(15)));
    const other = await engine.renderVideoChunk(chunk({ startFrame: 0, endFrame: 10, outputPath: join(dir, 'nothumb.mp4'), thumbnailFrame: 15 }));
    expect(other.thumbnailPath).toBeUndefined();
    expect(existsSync(join(dir, 'nothumb.mp4.jpg'))).toBe(false);
  });

  it('keeps transparency in a webm (raw RGBA to yuva420p VP9)', async () => {
    const outputPath = join(dir, 'alpha.webm');
    await engine.renderVideoChunk(chunk({ transparent: true, codec: 'vp9', startFrame: 0, endFrame: 30, outputPath }));
    const p = await probeVideo(outputPath);
    expect(p).toMatchObject({ codec: 'vp9', width: W, height: H, frames: 30 });
    // libvpx carries alpha as side data: decode with libvpx-vp9 to see it
    const rgba = execFileSync('ffmpeg', ['-v', 'error', '-c:v', 'libvpx-vp9', '-i', outputPath, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { maxBuffer: 1 << 28 });
    expect(rgba.length).toBe(30 * FRAME);
    const alphaAt = (f: number, x: number, y: number) => rgba[f * FRAME + (y * W + x) * 4 + 3]!;
    expect(alphaAt(15, 10, 170)).toBeLessThan(16); // empty canvas: transparent
    expect(alphaAt(15, 110, 40)).toBeGreaterThan(240); // the bar: opaque
  });

  it('cancelling kills its ffmpeg, leaves no file, and the engine process draws on', async () => {
    const outputPath = join(dir, 'cancelled.mp4');
    const abort = new AbortController();
    const pidsBefore = engine.pids();
    let ffmpegPid: number | undefined;
    const long = engine.renderVideoChunk(chunk({ startFrame: 0, endFrame: 3000, outputPath, onProgress: (n) => n === 20 && abort.abort() }), abort.signal);
    // the ffmpeg started for it: the only child of the engine process running ffmpeg
    const running = waitFor(async () => {
      const out = execFileSync('ps', ['-o', 'pid=,ppid=,comm=', '-e']).toString();
      const line = out.split('\n').find((l) => /ffmpeg/.test(l) && pidsBefore.concat(engine.pids()).some((p) => l.trim().split(/\s+/)[1] === String(p)));
      return line ? Number(line.trim().split(/\s+/)[0]) : null;
    }, { timeoutMs: 15_000, everyMs: 5, what: 'the chunk ffmpeg' });
    ffmpegPid = await running;
    const failure = await long.then(() => null, (err: RenderFailure) => err.code);
    expect(failure).toBe('cancelled');
    await waitFor(async () => (processAlive(ffmpegPid!) ? null : true), { timeoutMs: 5000, everyMs: 20, what: 'ffmpeg to exit' });
    expect(existsSync(outputPath)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('cancelled'))).toEqual([]);
    const again = await engine.renderVideoChunk(chunk({ startFrame: 0, endFrame: 3, outputPath: join(dir, 'after.mp4') }));
    expect(again.frames).toBe(3);
  });
});

describe('an engine process that dies under a chunk', () => {
  it('fails the chunk retryably, kills its ffmpeg and removes the partial segment; the next chunk gets a fresh process', async () => {
    const outputPath = join(dir, 'crashed.mp4');
    let framesDone = 0;
    const failure = engine
      .renderVideoChunk(chunk({ startFrame: 0, endFrame: 3000, outputPath, onProgress: (n) => (framesDone = n) }))
      .then(() => null, (err: RenderFailure) => ({ code: err.code, retryable: err.retryable }));
    const killed = await waitFor(async () => {
      const enginePid = engine.pids()[0];
      const ffmpeg = enginePid && framesDone >= 10 ? ffmpegChildOf(enginePid) : null;
      return ffmpeg ? { engine: enginePid!, ffmpeg } : null;
    }, { timeoutMs: 15_000, everyMs: 10, what: 'the chunk to be drawing into its ffmpeg' });
    process.kill(killed.engine, 'SIGKILL');
    expect(await failure).toEqual({ code: 'engine_crashed', retryable: true });
    await waitFor(async () => (processAlive(killed!.ffmpeg) ? null : true), { timeoutMs: 5000, everyMs: 20, what: 'ffmpeg to exit' });
    expect(readdirSync(dir).filter((f) => f.startsWith('crashed'))).toEqual([]);
    const again = await engine.renderVideoChunk(chunk({ startFrame: 0, endFrame: 3, outputPath: join(dir, 'after-crash.mp4') }));
    expect(again.frames).toBe(3);
    expect(engine.pids()).not.toContain(killed!.engine);
  });
});

describe('a render worker killed mid-chunk', () => {
  it('leaves no ffmpeg and no partial segment behind: its engine process kills them as it exits', async () => {
    const outputPath = join(dir, 'killed.mp4');
    // a stand-in worker process: the engine and one long chunk, SIGKILLed once frames flow
    const script = `
      const { createNativeEngine } = require(${JSON.stringify(require.resolve('../../../../../dist/renderer/engines/native/image/native-engine'))});
      const { createSsrfGuard } = require('@rp/net-guard');
      const { createRequestGuard } = require(${JSON.stringify(require.resolve('../../../../../dist/renderer/request-guard'))});
      const ssrfGuard = createSsrfGuard(); const resolveAsset = async () => null;
      const e = createNativeEngine({ processes: 1 });
      e.renderVideoChunk({ document: ${JSON.stringify(card())}, width: ${W}, height: ${H}, fps: 30, codec: 'h264', startFrame: 0, endFrame: 100000,
        outputPath: ${JSON.stringify(outputPath)}, assets: { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) },
        loadTimeoutMs: 15000, frameTimeoutMs: 15000, onProgress: (n) => n === 10 && console.log('engine ' + e.pids()[0]) });`;
    const { spawn } = await import('node:child_process');
    const worker = spawn(process.execPath, ['-e', script], { cwd: join(__dirname, '../../../../..'), stdio: ['ignore', 'pipe', 'inherit'] });
    let ffmpegPid: number;
    let enginePid: number;
    try {
      enginePid = await new Promise<number>((resolve) => worker.stdout.on('data', (d: Buffer) => /engine (\d+)/.test(d.toString()) && resolve(Number(/engine (\d+)/.exec(d.toString())![1]))));
      ffmpegPid = await waitFor(async () => ffmpegChildOf(enginePid), { timeoutMs: 15_000, everyMs: 10, what: 'the chunk ffmpeg' });
      // x264 writes once its lookahead fills: the partial file appears a few frames in
      await waitFor(async () => (existsSync(`${outputPath}.partial`) ? true : null), { timeoutMs: 15_000, everyMs: 10, what: 'the partial segment' });
    } finally {
      worker.kill('SIGKILL');
    }
    await waitFor(async () => (processAlive(enginePid) || processAlive(ffmpegPid) ? null : true), { timeoutMs: 10_000, everyMs: 20, what: 'the engine process and its ffmpeg to exit' });
    expect(existsSync(`${outputPath}.partial`)).toBe(false);
    expect(existsSync(outputPath)).toBe(false);
  });
});
