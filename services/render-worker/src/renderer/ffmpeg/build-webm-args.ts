import type { FfmpegArgs, SegmentEncodeArgsInput } from './build-ffmpeg-args';
import { frameInputOptions } from './frame-input-options';

/** VP9 settings shared by every webm segment of every render (segments are joined by stream copy). */
export const WEBM_ENCODER_SETTINGS = {
  /** Constant quality; `-b:v 0` makes libvpx honour it instead of a bitrate target. */
  crf: 32,
  /** realtime + cpu-used 8 is several times faster than `good` on 2 cores, at a size cost we accept for renders. */
  deadline: 'realtime',
  cpuUsed: 8,
} as const;

export interface WebmSegmentArgsInput extends SegmentEncodeArgsInput {
  /** The output keeps the frames' alpha (yuva420p, ALPHA_MODE=1 in the container): PNG or raw RGBA frames. */
  alpha: boolean;
}

/**
 * Args for one WebM segment. Every segment starts on a keyframe with a fixed GOP and no alt-ref/lag frames, so the
 * concat demuxer can join them by stream copy (alpha side data included, checked by decoding). Opaque renders read
 * JPEG frames like MP4; transparent ones read PNG frames, which carry the alpha channel JPEG cannot (raw RGBA
 * frames carry it either way).
 */
export function buildWebmSegmentArgs({ fps, width, height, alpha, frames = alpha ? 'png' : 'jpeg' }: WebmSegmentArgsInput): FfmpegArgs {
  const inputOptions = frameInputOptions(frames, { fps, width, height });
  const gop = String(Math.max(1, Math.round(fps)));
  const pixFmt = alpha ? 'yuva420p' : 'yuv420p';
  const pad = width % 2 || height % 2 ? 'pad=ceil(iw/2)*2:ceil(ih/2)*2,' : '';
  const s = WEBM_ENCODER_SETTINGS;
  return {
    inputOptions,
    outputOptions: [
      '-an',
      '-vf', `${pad}format=${pixFmt}`,
      '-c:v', 'libvpx-vp9',
      '-pix_fmt', pixFmt,
      '-b:v', '0',
      '-crf', String(s.crf),
      '-deadline', s.deadline,
      '-cpu-used', String(s.cpuUsed),
      '-row-mt', '1',
      '-g', gop,
      '-keyint_min', gop,
      '-lag-in-frames', '0',
      '-auto-alt-ref', '0',
      '-f', 'webm',
    ],
  };
}
