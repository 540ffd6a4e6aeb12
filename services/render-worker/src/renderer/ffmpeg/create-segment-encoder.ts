import { rename, rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { RenderFailure } from '../types';
import { buildSegmentEncodeArgs } from './build-ffmpeg-args';
import { buildRawSegmentArgs } from './build-raw-segment-args';
import { buildWebmSegmentArgs } from './build-webm-args';
import type { FfmpegSpares } from './ffmpeg-spares';
import { startFfmpeg } from './start-ffmpeg';

export interface SegmentEncoderOptions {
  fps: number;
  width: number;
  height: number;
  outputPath: string;
  /** Segment codec: H.264 MP4 (mp4 and gif renders) or VP9 WebM; alpha only for webm (PNG frames). */
  codec?: 'h264' | 'vp9';
  alpha?: boolean;
  /** What write() takes: encoded images from a browser (JPEG, PNG with alpha; default) or raw frames (rawFrameFormat). */
  frameInput?: 'raw' | 'encoded';
  ffmpegPath?: string;
  signal?: AbortSignal;
  /** Called with ffmpeg's pid as soon as it is spawned. */
  onSpawn?: (pid: number) => void;
  /** Where an ffmpeg with these arguments may already be waiting (ffmpeg-spares.ts). */
  spares?: FfmpegSpares;
}

export interface SegmentEncoder {
  /**
   * Queues one frame (JPEG, PNG with alpha, or raw); waits only when ffmpeg falls behind (backpressure), rejects once
   * ffmpeg failed. `taken` is called once ffmpeg's stdin has taken the frame's bytes: the caller may reuse its buffer.
   */
  write(frame: Uint8Array, taken?: () => void): Promise<void>;
  /** Closes stdin and waits for the MP4; returns the number of frames written. */
  end(): Promise<{ outputPath: string; frames: number }>;
  /** Kills ffmpeg and removes the partial output. Safe to call at any time, also after end(). */
  abort(): Promise<void>;
  pid(): number | undefined;
  /** Whether its ffmpeg was a spare, started before this segment (ffmpeg-spares.ts). */
  spare: boolean;
}

/** Bytes queued ahead of ffmpeg: capture and encode overlap without holding many frames in memory. */
const STDIN_HIGH_WATER = 4 * 1024 * 1024;

function segmentArgs(opts: SegmentEncoderOptions) {
  const size = { fps: opts.fps, width: opts.width, height: opts.height };
  const alpha = opts.alpha === true;
  if (opts.frameInput === 'raw') return buildRawSegmentArgs({ ...size, codec: opts.codec ?? 'h264', alpha });
  return opts.codec === 'vp9' ? buildWebmSegmentArgs({ ...size, alpha }) : buildSegmentEncodeArgs(size);
}

/** Writes `frame` into ffmpeg's stdin; settles once the pipe took it, or the write failed (ffmpeg is gone: `done` says why). */
const writeToPipe = (pipe: Writable, frame: Uint8Array, settled: (ok: boolean) => void) =>
  new Promise<void>((resolve) => {
    pipe.write(frame, (err) => {
      settled(!err);
      resolve();
    });
  });

/**
 * Push API over one ffmpeg process, writing its stdin: each write's callback says when ffmpeg's pipe has taken those
 * bytes, which a caller reusing its frame buffers needs. ffmpeg writes `<outputPath>.partial` and the file is renamed
 * on success, so a killed or failed encode never leaves something that looks like a finished segment.
 */
export function createSegmentEncoder(opts: SegmentEncoderOptions): SegmentEncoder {
  const partial = `${opts.outputPath}.partial`;
  const run = startFfmpeg({
    ...segmentArgs(opts),
    ffmpegPath: opts.ffmpegPath ?? 'ffmpeg',
    input: 'pipe:0',
    output: partial,
    signal: opts.signal,
    onSpawn: opts.onSpawn,
    spares: opts.spares,
    what: 'encode segment',
  });
  let failure: unknown;
  let frames = 0;
  let queued = 0;
  let ended = false;
  const done = run.done.catch(async (err) => {
    failure = err;
    void run.stdin.then((pipe) => pipe.destroy());
    await rm(partial, { force: true });
    throw err;
  });
  done.catch(() => undefined); // observed through write()/end()
  const exitedEarly = () => Promise.reject(new RenderFailure('encode_failed', 'encode segment: ffmpeg exited before its input ended', true));
  const stdin = Promise.race([run.stdin, done.then(exitedEarly)]);
  stdin.catch(() => undefined); // observed through write()/end()

  return {
    async write(frame, taken) {
      if (failure) throw failure;
      if (ended) throw new RenderFailure('encode_failed', 'encode segment: write after end');
      frames++;
      const pipe = await stdin;
      queued += frame.length;
      const written = writeToPipe(pipe, frame, (ok) => {
        queued -= frame.length;
        if (ok) taken?.();
      });
      // the pipe takes bytes in order: once this frame is taken, everything queued before it is too
      if (queued > STDIN_HIGH_WATER) await Promise.race([written, done]);
    },
    async end() {
      ended = true;
      (await stdin).end();
      await done;
      await rename(partial, opts.outputPath);
      return { outputPath: opts.outputPath, frames };
    },
    async abort() {
      ended = true;
      run.kill();
      void stdin.then((pipe) => pipe.destroy(), () => undefined);
      await done.catch(() => undefined);
      await rm(partial, { force: true });
    },
    pid: run.pid,
    spare: run.spare,
  };
}
