import type { FfmpegArgs } from './build-ffmpeg-args';

/** ffmpeg's JPEG quality scale for a video's thumbnail (2: near the best). */
const THUMBNAIL_QSCALE = '2';

/**
 * Args writing the frame at `atSeconds` of a video as one JPEG. -ss before -i seeks on the demuxer (fast) and still
 * decodes to the exact frame.
 */
export function buildThumbnailArgs(atSeconds: number): FfmpegArgs {
  return {
    inputOptions: ['-hide_banner', '-loglevel', 'error', '-ss', Math.max(0, atSeconds).toFixed(3)],
    outputOptions: ['-frames:v', '1', '-c:v', 'mjpeg', '-q:v', THUMBNAIL_QSCALE, '-update', '1', '-f', 'image2'],
  };
}
