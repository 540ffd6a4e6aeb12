import { buildGifArgs } from './build-gif-args';
import { runFfmpegToFile } from './start-ffmpeg';

export interface ConvertToGifOptions {
  /** The joined intermediate video. */
  inputPath: string;
  outputPath: string;
  ffmpegPath?: string;
  signal?: AbortSignal;
}

/**
 * GIF cannot be joined by stream copy (each file has its own palette and trailer), so chunks are H.264 intermediates
 * joined by copy and the whole video is converted here, once, with one palette.
 */
export async function convertToGif(opts: ConvertToGifOptions): Promise<{ outputPath: string }> {
  await runFfmpegToFile({
    ...buildGifArgs(),
    ffmpegPath: opts.ffmpegPath ?? 'ffmpeg',
    input: opts.inputPath,
    output: opts.outputPath,
    signal: opts.signal,
    what: 'convert to gif',
  });
  return { outputPath: opts.outputPath };
}
