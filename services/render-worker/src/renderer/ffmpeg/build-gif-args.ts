import type { FfmpegArgs } from './build-ffmpeg-args';

/**
 * Args turning the joined intermediate (H.264, BT.709 limited range) into an animated GIF in one pass: one palette
 * generated over the whole video (so chunks never get different palettes), then applied with ordered dithering,
 * which compresses better than error diffusion and does not crawl between frames. Loops forever.
 */
export function buildGifArgs(): FfmpegArgs {
  return {
    inputOptions: ['-hide_banner', '-loglevel', 'error'],
    outputOptions: [
      '-filter_complex',
      '[0:v]scale=in_color_matrix=bt709:in_range=tv,format=rgb24,split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=5',
      '-c:v', 'gif',
      '-loop', '0',
      '-f', 'gif',
    ],
  };
}
