import { buildSegmentEncodeArgs, type FfmpegArgs } from './build-ffmpeg-args';
import { buildWebmSegmentArgs } from './build-webm-args';
import type { FrameInputSize } from './frame-input-options';

export interface RawSegmentArgsInput extends FrameInputSize {
  /** h264 (mp4, and gif's intermediate) or vp9 (webm). */
  codec: 'h264' | 'vp9';
  /** vp9 only: keep the frames' alpha (yuva420p). */
  alpha: boolean;
}

/**
 * Args for a segment drawn by the native engine: raw RGBA frames on stdin (`-f rawvideo -pix_fmt rgba -s WxH
 * -framerate fps`), encoded with exactly the output options of a browser segment of the same codec, so a native
 * video's segments join, convert (gif) and play as a Chromium video's do.
 */
export function buildRawSegmentArgs({ codec, alpha, ...size }: RawSegmentArgsInput): FfmpegArgs {
  return codec === 'vp9' ? buildWebmSegmentArgs({ ...size, alpha, frames: 'rgba' }) : buildSegmentEncodeArgs({ ...size, frames: 'rgba' });
}
