import { rename, rm } from 'node:fs/promises';
import { buildGifArgs } from './build-gif-args';
import { startFfmpeg } from './start-ffmpeg';

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
  const partial = `${opts.outputPath}.partial`;
  try {
    await startFfmpeg({
      ...buildGifArgs(),
      ffmpegPath: opts.ffmpegPath ?? 'ffmpeg',
      input: opts.inputPath,
      output: partial,
      signal: opts.signal,
      what: 'convert to gif',
    }).done;
    await rename(partial, opts.outputPath);
    return { outputPath: opts.outputPath };
  } finally {
    await rm(partial, { force: true });
  }
}
