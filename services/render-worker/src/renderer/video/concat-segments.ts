import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildConcatArgs, buildConcatList, type ConcatArgsInput } from './build-concat-args';
import { runFfmpegToFile } from './start-ffmpeg';

export interface ConcatSegmentsOptions {
  /** Segment files in playback order. */
  segmentPaths: readonly string[];
  outputPath: string;
  /** Container and optional audio track (default: mp4, no audio). */
  join?: ConcatArgsInput;
  ffmpegPath?: string;
  signal?: AbortSignal;
}

/** Joins segments by stream copy (no video re-encode) into one MP4 or WebM, mixing in the audio track if any. */
export async function concatSegments(opts: ConcatSegmentsOptions): Promise<{ outputPath: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'rp-concat-'));
  try {
    const listPath = join(dir, 'segments.txt');
    // Absolute paths: the demuxer resolves relative entries against the list file's directory, not the cwd.
    await writeFile(listPath, buildConcatList(opts.segmentPaths.map((p) => resolve(p))));
    await runFfmpegToFile({
      ...buildConcatArgs(opts.join),
      ffmpegPath: opts.ffmpegPath ?? 'ffmpeg',
      input: listPath,
      output: opts.outputPath,
      signal: opts.signal,
      what: 'concat segments',
    });
    return { outputPath: opts.outputPath };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
