import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer';
import type { CaptureStrategy } from '@rp/workflow-safe';
import { BASE_CHROME_ARGS, BEGIN_FRAME_CHROME_ARGS, NO_SANDBOX_ARG, captureFrames, createSegmentEncoder } from '@rp/render-worker/renderer';
import { animatedFixture, probeVideo } from '@rp/test-kit';

export interface BenchRawVideoOptions {
  /** chromium for 'screenshot'; chromium-headless-shell for 'begin-frame' (launched with BEGIN_FRAME_CHROME_ARGS). */
  executablePath: string;
  width: number;
  height: number;
  fps: number;
  seconds: number;
  strategy: CaptureStrategy;
  ffmpegPath?: string;
  /** The document to capture; the animated fixture's 'mixed' driver by default. */
  document?: string;
}

export interface BenchRawVideoResult {
  /** Frames the capture delivered to the encoder. */
  frames: number;
  /** The encoded file as ffprobe reads it back: frames decoded, and its size. */
  encoded: { frames: number; width: number; height: number };
  /** Wall time of load + capture + encode (browser launch excluded). */
  seconds: number;
  /** Frames per wall-clock second. */
  fps: number;
  /** Wall time spent inside capture (page tick + screenshot), for telling capture from encode backpressure. */
  captureSeconds: number;
  strategy: CaptureStrategy;
}

/**
 * Raw baseline for the bench harness: one browser, one page, every frame of the animated fixture captured and piped
 * into one ffmpeg process. No pool, no Temporal, no storage: the ceiling the full pipeline is compared against.
 */
export async function benchRawVideo(opts: BenchRawVideoOptions): Promise<BenchRawVideoResult> {
  const dir = await mkdtemp(join(tmpdir(), 'rp-bench-video-'));
  const beginFrame = opts.strategy === 'begin-frame';
  const browser = await puppeteer.launch({
    executablePath: opts.executablePath,
    headless: beginFrame || opts.executablePath.includes('headless-shell') ? 'shell' : true,
    userDataDir: join(dir, 'profile'),
    // Screenshot: like the worker's screenshot pool, let the compositor draw without waiting for vsync.
    args: [...BASE_CHROME_ARGS, NO_SANDBOX_ARG, ...(beginFrame ? BEGIN_FRAME_CHROME_ARGS : ['--disable-frame-rate-limit'])],
  });
  try {
    const page = await browser.newPage(beginFrame ? undefined : { type: 'window' });
    const frames = Math.round(opts.seconds * opts.fps);
    let delivered = 0;
    const document = opts.document ?? animatedFixture({ width: opts.width, height: opts.height, seconds: opts.seconds, driver: 'mixed' });
    const encoder = createSegmentEncoder({ ...opts, outputPath: join(dir, 'out.mp4') });
    const t0 = performance.now();
    let captureMs = 0;
    let mark = t0;
    try {
      const res = await captureFrames(page, {
        document,
        width: opts.width,
        height: opts.height,
        fps: opts.fps,
        startFrame: 0,
        endFrame: frames,
        strategy: opts.strategy,
        onFrame: async (buf) => {
          const now = performance.now();
          captureMs += now - mark;
          delivered++;
          await encoder.write(buf);
          mark = performance.now();
        },
      });
      await encoder.end();
      const seconds = (performance.now() - t0) / 1000;
      const probe = await probeVideo(join(dir, 'out.mp4'));
      const encoded = { frames: probe.frames, width: probe.width, height: probe.height };
      return { frames: delivered, encoded, seconds, fps: delivered / seconds, captureSeconds: captureMs / 1000, strategy: res.strategy };
    } catch (err) {
      await encoder.abort();
      throw err;
    }
  } finally {
    await browser.close().catch(() => browser.process()?.kill('SIGKILL'));
    await rm(dir, { recursive: true, force: true });
  }
}
