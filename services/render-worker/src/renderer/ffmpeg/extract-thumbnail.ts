import { stat } from 'node:fs/promises';
import { RenderFailure } from '../types';
import { buildThumbnailArgs } from './build-thumbnail-args';
import { runFfmpegToFile } from './start-ffmpeg';

export interface ExtractThumbnailOptions {
  videoPath: string;
  /** JPEG file to write. */
  outputPath: string;
  /** Position of the frame; 0 = first frame. Callers usually pass the middle (templates often fade in from blank). */
  atSeconds?: number;
  ffmpegPath?: string;
  signal?: AbortSignal;
}

/** libjpeg's quality for about the same JPEGs as a video's thumbnail (buildThumbnailArgs' qscale 2). */
export const VIDEO_THUMBNAIL_QUALITY = 92;

/** Writes one frame of the video as JPEG. */
export async function extractThumbnail(opts: ExtractThumbnailOptions): Promise<{ outputPath: string; bytes: number }> {
  const at = Math.max(0, opts.atSeconds ?? 0);
  let bytes = 0;
  await runFfmpegToFile(
    {
      ...buildThumbnailArgs(at),
      ffmpegPath: opts.ffmpegPath ?? 'ffmpeg',
      input: opts.videoPath,
      output: opts.outputPath,
      signal: opts.signal,
      what: 'extract thumbnail',
    },
    async (partial) => {
      // ffmpeg exits 0 with no output when the position is past the end; that is still a failed thumbnail.
      bytes = (await stat(partial).catch(() => null))?.size ?? 0;
      if (bytes === 0) throw new RenderFailure('encode_failed', `extract thumbnail: no frame at ${at}s`);
    },
  );
  return { outputPath: opts.outputPath, bytes };
}
