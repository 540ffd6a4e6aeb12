import type { FfmpegArgs, SegmentEncodeArgsInput } from './build-ffmpeg-args';

/** VP9 settings shared by every webm segment of every render (segments are joined by stream copy). */
export const WEBM_ENCODER_SETTINGS = {
  /** Constant quality; `-b:v 0` makes libvpx honour it instead of a bitrate target. */
  crf: 32,
  /** realtime + cpu-used 8 is several times faster than `good` on 2 cores, at a size cost we accept for renders. */
  deadline: 'realtime',
  cpuUsed: 8,
} as const;

export interface WebmSegmentArgsInput extends SegmentEncodeArgsInput {
  /** Frames are PNGs with alpha and the output keeps it (yuva420p, ALPHA_MODE=1 in the container). */
  alpha: boolean;
}

/**
 * Args for one WebM segment. Every segment starts on a keyframe with a fixed GOP and no alt-ref/lag frames, so the
 * concat demuxer can join them by stream copy (alpha side data included, checked by decoding). Opaque renders read
 * JPEG frames like MP4; transparent ones read PNG frames, which carry the alpha channel JPEG cannot.
 */
export function buildWebmSegmentArgs({ fps, width, height, alpha }: WebmSegmentArgsInput): FfmpegArgs {
  if (!(fps > 0)) throw new Error(`fps must be > 0, got ${fps}`);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 2 || height < 2) {
    throw new Error(`invalid size ${width}x${height}`);
  }
  const gop = String(Math.max(1, Math.round(fps)));
  const pixFmt = alpha ? 'yuva420p' : 'yuv420p';
  const pad = width % 2 || height % 2 ? 'pad=ceil(iw/2)*2:ceil(ih/2)*2,' : '';
  const s = WEBM_ENCODER_SETTINGS;
  return {
    inputOptions: ['-hide_banner', '-loglevel', 'error', '-f', 'image2pipe', '-framerate', String(fps), '-c:v', alpha ? 'png' : 'mjpeg'],
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
