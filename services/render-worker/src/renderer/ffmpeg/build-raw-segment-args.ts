import { buildSegmentEncodeArgs, type FfmpegArgs } from './build-ffmpeg-args';
import { buildWebmSegmentArgs } from './build-webm-args';
import type { FrameInputSize } from './frame-input-options';
import { rawFrameFormat } from './raw-frame-format';

export interface RawSegmentArgsInput extends FrameInputSize {
  /** h264 (mp4, and gif's intermediate) or vp9 (webm). */
  codec: 'h264' | 'vp9';
  /** vp9 only: keep the frames' alpha (yuva420p). */
  alpha: boolean;
}

/**
 * Args for a segment drawn by the native engine: raw frames on stdin (`-f rawvideo -pix_fmt <rawFrameFormat> -s WxH
 * -framerate fps`), encoded with exactly the output options of a browser segment of the same codec, so a native
 * video's segments join, convert (gif) and play as a Chromium video's do. x264 runs on one thread: every engine
 * process feeds an ffmpeg of its own, so the chunks already spread over the cores, and x264's frame threads on top
 * only switched between each other (the chunk phase of the bench card took 1.47 s with them, 1.37 s without, docs/video.md).
 */
export function buildRawSegmentArgs({ codec, alpha, ...size }: RawSegmentArgsInput): FfmpegArgs {
  if (codec === 'vp9') return buildWebmSegmentArgs({ ...size, alpha, frames: 'rgba' });
  const args = buildSegmentEncodeArgs({ ...size, frames: rawFrameFormat(codec, size.width, size.height) });
  return { ...args, outputOptions: ['-threads', '1', ...args.outputOptions] };
}
