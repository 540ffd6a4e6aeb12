import type { FfmpegArgs } from './build-ffmpeg-args';

/**
 * Args joining segments listed in a concat-demuxer file. Stream copy only: segments were encoded with identical
 * settings and closed GOPs, so nothing is re-encoded and boundaries stay frame-exact.
 */
export function buildConcatArgs(): FfmpegArgs {
  return {
    inputOptions: ['-hide_banner', '-loglevel', 'error', '-f', 'concat', '-safe', '0'],
    outputOptions: ['-map', '0:v', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4'],
  };
}

/** Concat-demuxer list; paths are quoted, with `'` escaped the way the demuxer expects (`'\''`). */
export function buildConcatList(paths: readonly string[]): string {
  if (paths.length === 0) throw new Error('no segments to concatenate');
  return paths.map((p) => `file '${p.replace(/'/g, "'\\''")}'\n`).join('');
}
