import { resolve } from 'node:path';
import { buildConcatArgs, buildConcatList, type ConcatArgsInput } from './build-concat-args';
import type { FfmpegSpares } from './ffmpeg-spares';
import { runFfmpegToFile } from './start-ffmpeg';

export interface ConcatSegmentsOptions {
  /** Segment files in playback order. */
  segmentPaths: readonly string[];
  outputPath: string;
  /** Container and optional audio track (default: mp4, no audio). */
  join?: ConcatArgsInput;
  ffmpegPath?: string;
  signal?: AbortSignal;
  /** Where a join's ffmpeg may already be waiting (ffmpeg-spares.ts): a join without audio reads only its stdin. */
  spares?: FfmpegSpares;
}

/** Joins segments by stream copy (no video re-encode) into one MP4 or WebM, mixing in the audio track if any. */
export async function concatSegments(opts: ConcatSegmentsOptions): Promise<{ outputPath: string }> {
  await runFfmpegToFile({
    ...buildConcatArgs(opts.join),
    ffmpegPath: opts.ffmpegPath ?? 'ffmpeg',
    input: 'pipe:0',
    // absolute paths: the list names files, not paths relative to a cwd
    stdinText: buildConcatList(opts.segmentPaths.map((p) => resolve(p))),
    output: opts.outputPath,
    signal: opts.signal,
    spares: opts.spares,
    what: 'concat segments',
  });
  return { outputPath: opts.outputPath };
}
