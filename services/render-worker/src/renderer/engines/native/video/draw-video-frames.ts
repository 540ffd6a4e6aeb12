import { writeFile } from 'node:fs/promises';
import type { ImageSource, Node, Renderer, RenderOptions } from '@takumi-rs/core';
import { encodeRaw } from '../image/encode-raw';
import { VIDEO_THUMBNAIL_QUALITY } from '../../../ffmpeg/extract-thumbnail';
import { RenderFailure } from '../../../types';
import { createSegmentEncoder } from '../../../ffmpeg/create-segment-encoder';
import type { FfmpegSpares } from '../../../ffmpeg/ffmpeg-spares';
import { frameTimeMs } from '../../../video/frame-time-ms';
import { backgroundLayer } from './background-layer';
import { staticFromMs } from './static-from-ms';
import { fitText } from '../image/fit-text';
import { svgFrames } from '../image/svg-frames';
import { rawFrameFormat } from '../../../ffmpeg/raw-frame-format';
import { rawFrameWriter } from './raw-frame-writer';
import { videoFrameSource, type DrawnFrame, type VideoFrameSource } from './video-frame-source';
import type { NativeVideoJob, NativeVideoProgress, NativeVideoReply } from '../process/native-job';
import { withRejectedDeclarationsDropped } from '../process/drop-rejected-declarations';

/**
 * Runs in the engine process: draws frames [startFrame, endFrame) of a native video at i*1000/fps as raw RGBA and
 * streams them into ffmpeg (createSegmentEncoder: backpressure, `.partial` renamed on success, removed on failure).
 * Frame i+1 is drawn while frame i is written, so the raster overlaps the encode. Shrink-to-fit runs once, at t=0,
 * as Chromium's readiness does before frame 0; then a static root background is drawn once and reused by every
 * frame (background-layer.ts). A frame in which only boxes moved is drawn in part, over the one before
 * (video-frame-source.ts). Once every animation has ended (staticFromMs), the first frame drawn after that instant is
 * written again for each later frame of the chunk instead of being drawn again.
 */
export async function drawVideoFrames(
  renderer: Renderer,
  job: NativeVideoJob,
  send: (m: NativeVideoProgress) => void,
  signal: AbortSignal,
  spares?: FfmpegSpares,
): Promise<NativeVideoReply> {
  const { id, width, height, fps, startFrame, endFrame } = job;
  const started = performance.now();
  let setup: Awaited<ReturnType<typeof setUpFrames>>;
  try {
    setup = await setUpFrames(renderer, job);
  } catch (err) {
    return invalid(id, err);
  }
  const { frames, cache, staticFrom, dropped } = setup;
  // the worker learns ffmpeg's pid at once: should this process die, the worker kills that ffmpeg itself
  const onSpawn = (pid: number) => send({ id, kind: 'encoder', pid });
  const encoder = createSegmentEncoder({ ...job.encoder, fps, width, height, frameInput: 'raw', signal, onSpawn, spares });
  const { wire, reuse } = wireOf(job);
  const since = (t: number) => performance.now() - t;
  const timing = { setupMs: since(started), drawMs: 0, waitDrawMs: 0, waitEncodeMs: 0, heldFrames: 0 };
  let held: Buffer | undefined;
  const draw = (i: number, previous?: Buffer): Promise<DrawnFrame> => {
    if (held) return (timing.heldFrames++, Promise.resolve({ pixels: held, changed: 'none' }));
    const t = performance.now();
    return frames.frame(i, previous, reuse).finally(() => (timing.drawMs += since(t)));
  };
  let next: Promise<DrawnFrame> | undefined = draw(startFrame);
  let thumbnail: Promise<void> | undefined;
  try {
    for (let i = startFrame; i < endFrame; i++) {
      if (signal.aborted) throw new RenderFailure('cancelled', 'video chunk cancelled');
      let t = performance.now();
      const frame: DrawnFrame = await next!.catch((err: unknown) => Promise.reject(new DrawError(err)));
      timing.waitDrawMs += since(t);
      if (frameTimeMs(i, fps) > staticFrom) held = frame.pixels;
      // a copy: the next frame may be drawn into these pixels while libvips still reads them
      if (job.thumbnail?.frame === i) thumbnail = writeThumbnail(Buffer.from(frame.pixels), job, job.thumbnail.path);
      // takumi draws the next frame on its own threads while this one is converted and written. The conversion is
      // synchronous and the next frame touches these pixels only after its first await: they are read before then.
      next = i + 1 < endFrame ? draw(i + 1, frame.pixels) : undefined;
      const raw = wire(frame);
      t = performance.now();
      await encoder.write(raw.bytes, raw.taken);
      timing.waitEncodeMs += since(t);
      send({ id, kind: 'progress', frames: i - startFrame + 1 });
    }
    const t = performance.now();
    const [{ frames: written }] = await Promise.all([encoder.end(), thumbnail]);
    timing.waitEncodeMs += since(t);
    return { ...doneReply(id, written, timing, frames, { cache, encoder: encoder.spare ? 'spare' : 'started' }), ...(dropped.length ? { droppedDeclarations: dropped } : {}) };
  } catch (err) {
    next?.catch(() => undefined);
    thumbnail?.catch(() => undefined);
    await encoder.abort();
    return failed(id, err, signal);
  }
}

const invalid = (id: number, err: unknown): NativeVideoReply => ({ id, kind: 'failed', code: 'template_invalid', message: `the native engine could not draw this template: ${(err as Error).message}` });

/** A chunk that stopped: the template's fault (a frame takumi refused), a cancel, or the encoder's (retryable unless it says not). */
function failed(id: number, err: unknown, signal: AbortSignal): NativeVideoReply {
  if (err instanceof DrawError) return invalid(id, err.cause);
  if (signal.aborted) return { id, kind: 'failed', code: 'cancelled', message: 'video chunk cancelled' };
  const message = err instanceof Error ? err.message : String(err);
  return { id, kind: 'failed', code: 'encode_failed', message, retryable: !(err instanceof RenderFailure) || err.retryable };
}

/**
 * Before the first frame: the instant the frames stop changing (read before the tree is touched; later when an inline
 * SVG moves longer), shrink-to-fit at t=0, the background layer when the document allows it, then how its frames are
 * drawn.
 */
async function setUpFrames(renderer: Renderer, job: NativeVideoJob) {
  // a value takumi cannot read in an element's style shows on the first reading of the tree, here
  const { result, dropped } = await withRejectedDeclarationsDropped(job.node as Node, () => setUpFramesOnce(renderer, job));
  return { ...result, dropped };
}

async function setUpFramesOnce(renderer: Renderer, job: NativeVideoJob) {
  const opts = { width: job.width, height: job.height, css: job.css, images: job.images.map((i): ImageSource => ({ src: i.src, data: i.data })) } satisfies RenderOptions;
  const staticFrom = staticFromMs(job.node as Node, job.css, opts.images);
  if (job.fitPaths.length > 0) await fitText(renderer, job.node as Node, job.fitPaths, opts);
  const layer = await backgroundLayer(renderer, job.node as Node, opts);
  const [node, drawOpts, cache] = layer.applied ? [layer.node, { ...opts, images: layer.images }, 'cached'] : [job.node as Node, opts, layer.reason];
  // inline SVGs moved by their own CSS animations, which takumi's timeMs does not reach (svg-frames.ts)
  const svg = svgFrames(node);
  const frames = await videoFrameSource(renderer, node, drawOpts, job.fps, staticFrom, svg);
  return { frames, cache, staticFrom: svg ? Math.max(staticFrom, svg.endMs) : staticFrom };
}

/**
 * How frames reach ffmpeg (raw-frame-writer.ts), and whether the next frame may draw its band into this frame's
 * RGBA: for yuv420p, once `wire` has converted it; RGBA frames are queued to ffmpeg as they are and stay untouched.
 */
function wireOf(job: NativeVideoJob) {
  const format = rawFrameFormat(job.encoder.codec ?? 'h264', job.width, job.height);
  return { wire: rawFrameWriter(format, job.width, job.height), reuse: format === 'yuv420p' };
}

/**
 * The video's thumbnail from its middle frame's pixels, as the final join would take it from the segment: full size,
 * JPEG at the quality ffmpeg's `-q:v 2` gives, alpha dropped. One ffmpeg fewer in the join, which waits for it.
 */
async function writeThumbnail(pixels: Buffer, job: NativeVideoJob, path: string): Promise<void> {
  const jpeg = await encodeRaw({ data: pixels, width: job.width, height: job.height }, { format: 'jpeg', quality: VIDEO_THUMBNAIL_QUALITY, transparent: false });
  await writeFile(path, jpeg);
}

/** The chunk's reply: how many frames ffmpeg took, and where its time went (NativeChunkTiming). */
function doneReply(
  id: number,
  frames: number,
  timing: Record<'setupMs' | 'drawMs' | 'waitDrawMs' | 'waitEncodeMs' | 'heldFrames', number>,
  source: VideoFrameSource,
  how: { cache: string; encoder: 'spare' | 'started' },
): NativeVideoReply {
  const round = (ms: number) => Math.round(ms);
  return {
    id, kind: 'video-done', frames, setupMs: round(timing.setupMs), drawMs: round(timing.drawMs), waitDrawMs: round(timing.waitDrawMs), waitEncodeMs: round(timing.waitEncodeMs),
    heldFrames: timing.heldFrames, ...source.counts, bands: source.bandRefused ?? 'on', backgroundLayer: how.cache, encoder: how.encoder,
  };
}

/** A frame takumi refused to draw: the template's fault, unlike an encoder failure. */
class DrawError extends Error {
  constructor(override readonly cause: unknown) {
    super('draw failed');
  }
}
