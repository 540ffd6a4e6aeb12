import { rm } from 'node:fs/promises';
import { MAX_CANVAS_EDGE } from '../../../compose-document';
import { RenderFailure } from '../../../types';
import type { EngineAssets, EngineRenderInput, EngineRenderOutput, ImageEngine } from '../../image-engine';
import type { NativeChunkTiming, NativeDrawing, NativeJob, NativeVideoJob } from '../process/native-job';
import { NativeProcessPool, type NativePoolLogger } from '../process/native-process-pool';
import { fetchedAssetsOf, nativeWarnings } from './native-warnings';
import { fontFallbackWarning } from '../../../resource-verdict';
import { MAX_WARNINGS_PER_RENDER, type RenderWarning } from '@rp/workflow-safe';
import { prepareNativeDrawing } from './prepare-native-drawing';
import { chunkThumbnail } from '../../../video/middle-frame-of';

export { MAX_IMAGE_SOURCE_PIXELS } from './prepare-native-drawing';

export interface NativeEngineOptions {
  /** Engine processes (NATIVE_ENGINE_PROCESSES); each draws one render at a time. */
  processes: number;
  logger?: NativePoolLogger;
  /** FFMPEG_PATH: what video chunks are encoded with. */
  ffmpegPath?: string;
  /** Start the engine processes now, not on first use (the worker, at boot). */
  startNow?: boolean;
}

/** One frame of a CSS-animated document at an instant (the video parity check). */
export interface NativeFrameInput {
  document: string;
  width: number;
  height: number;
  transparent?: boolean;
  /** The instant drawn: the document's CSS animations at this time (takumi's timeMs). */
  timeMs: number;
  /** Cap on the whole frame (fetches, raster). */
  timeoutMs: number;
  assets: EngineAssets;
}

/** Frames [startFrame, endFrame) of a native video, encoded into one segment at outputPath (as a Chromium chunk's). */
export interface NativeVideoChunkInput {
  document: string;
  width: number;
  height: number;
  fps: number;
  startFrame: number;
  /** Exclusive. */
  endFrame: number;
  /** Keep the alpha channel: webm (vp9) only. */
  transparent?: boolean;
  codec: 'h264' | 'vp9';
  outputPath: string;
  ffmpegPath?: string;
  assets: EngineAssets;
  /** Cap on fetching the document's images and fonts. */
  loadTimeoutMs: number;
  /** Cap on one frame, drawn and written into ffmpeg. */
  frameTimeoutMs: number;
  onProgress?: (framesDone: number) => void;
  /** The video's middle frame, when the chunk holds it: also written as the video's thumbnail, `<outputPath>.jpg`. */
  thumbnailFrame?: number;
}

export interface NativeEngine extends ImageEngine {
  /** Straight RGBA pixels of the document at one instant. */
  drawFrame(input: NativeFrameInput, signal?: AbortSignal): Promise<{ data: Uint8Array; width: number; height: number }>;
  /**
   * One chunk of a native video: the document prepared once, every frame drawn by an engine process at
   * i*1000/fps and streamed by it into ffmpeg. Cancelling kills that ffmpeg and removes the partial output.
   */
  renderVideoChunk(input: NativeVideoChunkInput, signal?: AbortSignal): Promise<{ segmentPath: string; frames: number; timing: NativeChunkTiming; thumbnailPath?: string }>;
  /** e.g. `takumi 2.16.3` once a process has started. */
  version(): string;
  /** Pids of the running engine processes (fault tests, logs). */
  pids(): number[];
  close(): Promise<void>;
}

/**
 * The browser-free engine (takumi, docs/engines.md). In the worker: the document becomes takumi's node tree and
 * every image and @font-face file it references is fetched through the platform's guard (prepare-native-drawing.ts);
 * in an engine process (native-process-pool.ts): shrink-to-fit, the raster and its encoding, the thumbnail drawn
 * small from the same tree, or a video chunk's frames streamed into ffmpeg. One deadline covers an image.
 */
export function createNativeEngine(opts: NativeEngineOptions): NativeEngine {
  const pool = new NativeProcessPool({ size: opts.processes, logger: opts.logger, ffmpegPath: opts.ffmpegPath, startNow: opts.startNow });
  return {
    name: 'native',
    pids: () => pool.pids(),
    version: () => pool.version,
    close: () => pool.close(),
    async render(input: EngineRenderInput, signal?: AbortSignal): Promise<EngineRenderOutput> {
      const { width, height, format } = input;
      checkInput(input);
      if (format === 'pdf') throw new RenderFailure('template_invalid', 'the native engine draws png, jpeg and webp; pdf renders with Chromium');
      const started = Date.now();
      const { drawing, imageSizes, fetched, warnings: loads } = await prepareNativeDrawing(input, signal);
      const job: Omit<NativeJob, 'id'> = {
        ...drawing,
        format,
        quality: Math.min(100, Math.max(1, Math.round(input.quality ?? 90))),
        thumbnailWidth: input.thumbnailWidth ?? 320,
        ...(input.warnFor ? { warnFor: input.warnFor, imageSizes } : {}),
      };
      const out = await pool.run(job, { timeoutMs: Math.max(1, input.timeoutMs - (Date.now() - started)), signal });
      const image = Buffer.from(out.image.buffer, out.image.byteOffset, out.image.byteLength);
      if (image.length === 0) throw new RenderFailure('encode_failed', 'the native engine produced an empty image', true);
      const thumbnail = out.thumbnail ? Buffer.from(out.thumbnail.buffer, out.thumbnail.byteOffset, out.thumbnail.byteLength) : undefined;
      // a font takumi refused is left out (its family list falls through), as Chromium's sanitizer leaves one out
      const refused = new Set(out.refusedFonts ?? []);
      const fonts = drawing.fonts.filter((_f, i) => !refused.has(i));
      const tolerated = [...loads, ...[...refused].map((i) => fontFallbackWarning(drawing.fonts[i]!.family, 'the engine refused its file: not a font it can read'))];
      const laidOut = out.facts ? await nativeWarnings(out.facts, fonts).catch(() => undefined) : undefined;
      const warnings: RenderWarning[] | undefined = laidOut || tolerated.length ? [...tolerated, ...(laidOut ?? [])].slice(0, MAX_WARNINGS_PER_RENDER) : undefined;
      const fetchedAssets = fetchedAssetsOf([...fetched.images, ...fetched.fonts]);
      return { image, thumbnail, width, height, format, engine: 'native', engineVersion: pool.version, warnings, fetchedAssets };
    },
    async drawFrame(input, signal) {
      checkInput(input);
      const started = Date.now();
      const { drawing } = await prepareNativeDrawing(input, signal);
      const job: Omit<NativeJob, 'id'> = { ...drawing, format: 'raw', quality: 100, thumbnailWidth: 0, timeMs: input.timeMs };
      const out = await pool.run(job, { timeoutMs: Math.max(1, input.timeoutMs - (Date.now() - started)), signal });
      if (out.image.byteLength !== input.width * input.height * 4) throw new RenderFailure('encode_failed', `the native engine drew ${out.image.byteLength} bytes, not a ${input.width}x${input.height} frame`, true);
      return { data: out.image, width: input.width, height: input.height };
    },
    async renderVideoChunk(input, signal) {
      checkInput({ ...input, timeoutMs: input.frameTimeoutMs });
      const started = performance.now();
      const { drawing } = await prepareNativeDrawing({ ...input, timeoutMs: input.loadTimeoutMs }, signal);
      const prepareMs = Math.round(performance.now() - started);
      const job = videoJob(drawing, input);
      try {
        const { frames, timing } = await pool.runVideo(job, { frameTimeoutMs: input.frameTimeoutMs, signal, onProgress: input.onProgress });
        const thumbnailPath = job.thumbnail?.path;
        return { segmentPath: input.outputPath, frames, timing: { prepareMs, ...timing }, ...(thumbnailPath ? { thumbnailPath } : {}) };
      } catch (err) {
        // the process removes its partial output on a cancel, but not when it died or was killed
        await rm(`${input.outputPath}.partial`, { force: true });
        throw err;
      }
    },
  };
}

function videoJob(drawing: NativeDrawing, input: NativeVideoChunkInput): Omit<NativeVideoJob, 'id'> {
  const alpha = input.codec === 'vp9' && input.transparent === true;
  const { fps, startFrame, endFrame, outputPath, codec, ffmpegPath } = input;
  const thumbnail = chunkThumbnail(input);
  return { ...drawing, kind: 'video', fps, startFrame, endFrame, encoder: { outputPath, codec, alpha, ...(ffmpegPath ? { ffmpegPath } : {}) }, ...(thumbnail ? { thumbnail } : {}) };
}

function checkInput({ width, height, timeoutMs }: { width: number; height: number; timeoutMs: number }): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_CANVAS_EDGE || height > MAX_CANVAS_EDGE) {
    throw new RenderFailure('template_invalid', `canvas must be 1-${MAX_CANVAS_EDGE} px wide and high, got ${width}x${height}`);
  }
  if (!(timeoutMs > 0)) throw new RenderFailure('template_invalid', 'timeoutMs must be positive');
}
