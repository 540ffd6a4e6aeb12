import { stat } from 'node:fs/promises';
import path from 'node:path';
import { GIF_LIMITS, type VideoFormat } from '@rp/workflow-safe';
import { RenderFailure } from '../types';
import type { AudioMix } from './build-audio-args';
import { concatSegments } from './concat-segments';
import { convertToGif } from './convert-to-gif';
import { extractThumbnail } from './extract-thumbnail';
import type { FfmpegSpares } from './ffmpeg-spares';
import { middleFrameOf } from '../video/middle-frame-of';

export interface AssembleVideoOptions {
  /** Segment files in playback order (H.264 MP4 for mp4 and gif, VP9 WebM for webm). */
  segmentPaths: readonly string[];
  /** Frames in each segment, in the same order. */
  segmentFrames: readonly number[];
  fps: number;
  /** Scratch directory the caller removes. */
  dir: string;
  format: VideoFormat;
  durationSeconds: number;
  audio?: AudioMix;
  /** The thumbnail already made (a native chunk drew the middle frame): taken as it is, not extracted. */
  thumbnailPath?: string;
  ffmpegPath?: string;
  signal?: AbortSignal;
  /** Where the join's ffmpeg may already be waiting (ffmpeg-spares.ts). */
  spares?: FfmpegSpares;
}

export interface AssembledVideo {
  outputPath: string;
  /** JPEG of the middle frame. */
  thumbnailPath: string;
  bytes: number;
}

/**
 * The final step of every video: segments joined by stream copy (with the audio track mixed in, if any; a single
 * segment without a track is the file as it is), a thumbnail of the middle frame unless its chunk wrote one, and for
 * gif the one conversion of the joined intermediate (a palette per chunk would flicker at chunk boundaries).
 */
export async function assembleVideo(opts: AssembleVideoOptions): Promise<AssembledVideo> {
  const { dir, format, ffmpegPath, signal } = opts;
  const container = format === 'webm' ? 'webm' : 'mp4';
  // one segment and no track to mix in: the segment is already the file (faststart MP4 or WebM, buildSegmentEncodeArgs)
  const [only] = opts.segmentPaths.length === 1 && !opts.audio ? opts.segmentPaths : [];
  const joined = only ?? path.join(dir, `joined.${container}`);
  const thumbnailPath = opts.thumbnailPath ?? path.join(dir, 'thumbnail.jpg');
  // the thumbnail comes from the segment holding the middle frame, while the join runs: the joined file is those
  // segments stream-copied, so its frame is the same
  const middle = middleFrameOf(opts.segmentFrames, opts.fps);
  await Promise.all([
    only ?? concatSegments({ segmentPaths: opts.segmentPaths, outputPath: joined, join: { container, audio: opts.audio }, ffmpegPath, signal, spares: opts.spares }),
    opts.thumbnailPath ?? extractThumbnail({ videoPath: opts.segmentPaths[middle.segment]!, outputPath: thumbnailPath, atSeconds: middle.atSeconds, ffmpegPath, signal }),
  ]);
  let outputPath = joined;
  if (format === 'gif') {
    outputPath = path.join(dir, 'result.gif');
    await convertToGif({ inputPath: joined, outputPath, ffmpegPath, signal });
  }
  const bytes = (await stat(outputPath)).size;
  if (format === 'gif' && bytes > GIF_LIMITS.maxBytes) {
    throw new RenderFailure('output_too_large', `the gif is ${bytes} bytes, more than ${GIF_LIMITS.maxBytes}: use webm or mp4, fewer fps or a smaller size`);
  }
  return { outputPath, thumbnailPath, bytes };
}
