import type { FfmpegArgs } from './build-ffmpeg-args';
import { audioCodecOptions, audioInputOptions, buildAudioFilter, type AudioMix } from './build-audio-args';

export interface ConcatArgsInput {
  container: 'mp4' | 'webm';
  /** Mixed in during the join, so the video is written once: its stream is still copied, only audio is encoded. */
  audio?: AudioMix;
}

export interface ConcatArgs extends FfmpegArgs {
  /** Inputs after the segment list (the audio file). */
  extraInputs: { source: string; options: string[] }[];
}

/**
 * Args joining segments listed in a concat-demuxer file. Video is stream copy only: segments were encoded with
 * identical settings and closed GOPs, so nothing is re-encoded and boundaries stay frame-exact.
 */
export function buildConcatArgs({ container, audio }: ConcatArgsInput = { container: 'mp4' }): ConcatArgs {
  const tail = [...(container === 'mp4' ? ['-movflags', '+faststart'] : []), '-f', container];
  // the list arrives on stdin (buildConcatList): its entries name files through the file protocol
  const inputOptions = ['-hide_banner', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-protocol_whitelist', 'file,pipe'];
  if (!audio) return { inputOptions, outputOptions: ['-map', '0:v', '-c', 'copy', ...tail], extraInputs: [] };
  return {
    inputOptions,
    extraInputs: [{ source: audio.path, options: audioInputOptions(audio.track) }],
    outputOptions: [
      '-filter_complex', buildAudioFilter(audio.track, audio.durationSeconds),
      '-map', '0:v', '-map', '[a]',
      '-c:v', 'copy',
      ...audioCodecOptions(audio.codec),
      '-t', String(audio.durationSeconds),
      ...tail,
    ],
  };
}

/**
 * Concat-demuxer list, read from ffmpeg's stdin: absolute paths as `file:` URLs (an entry without a protocol would be
 * resolved against `pipe:`), quoted, with `'` escaped the way the demuxer expects (`'\''`).
 */
export function buildConcatList(paths: readonly string[]): string {
  if (paths.length === 0) throw new Error('no segments to concatenate');
  return paths.map((p) => `file 'file:${p.replace(/'/g, "'\\''")}'\n`).join('');
}
