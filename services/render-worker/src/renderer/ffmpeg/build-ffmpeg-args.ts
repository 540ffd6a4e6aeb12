import { frameInputOptions, type FrameInput, type FrameInputSize } from './frame-input-options';

/**
 * Encoder settings shared by every segment of every render. Segments are joined with stream copy, so anything that
 * changes the bitstream layout (profile, GOP, B-frames, timescale, colour tags) must be identical across them.
 */
export const SEGMENT_ENCODER_SETTINGS = {
  preset: 'veryfast',
  crf: 20,
  profile: 'high',
  /** MP4 track timescale: divisible by 24, 25, 30, 50, 60 and 30000/1001 frame durations. */
  timescale: 90_000,
} as const;

export interface SegmentEncodeArgsInput extends FrameInputSize {
  /** What stdin carries (default JPEG frames from a browser). */
  frames?: FrameInput;
}

export interface FfmpegArgs {
  /** Options placed before `-i <input>`. */
  inputOptions: string[];
  /** Options placed before the output path. */
  outputOptions: string[];
}

/**
 * Args for one segment: frames on stdin (JPEG by default, frameInputOptions) -> H.264 yuv420p MP4 with faststart.
 * Every segment starts with an IDR frame and has fixed, closed GOPs without B-frames, so concatenating segments with
 * `-c copy` is frame-exact and seeking works anywhere.
 */
export function buildSegmentEncodeArgs({ fps, width, height, frames = 'jpeg' }: SegmentEncodeArgsInput): FfmpegArgs {
  const inputOptions = frameInputOptions(frames, { fps, width, height });
  const gop = String(Math.max(1, Math.round(fps)));
  const s = SEGMENT_ENCODER_SETTINGS;
  // yuv420p needs even dimensions; odd sizes are padded by one pixel rather than scaled (no resampling blur).
  const pad = width % 2 || height % 2 ? 'pad=ceil(iw/2)*2:ceil(ih/2)*2,' : '';
  return {
    inputOptions,
    outputOptions: [
      '-an',
      // Chromium JPEGs are full-range BT.601 and raw frames full-range RGB; convert explicitly to limited-range BT.709
      // and tag it so players agree. yuv420p frames arrive converted so (rgba-to-yuv420p.ts).
      ...(frames === 'yuv420p' ? [] : ['-vf', `${pad}scale=out_color_matrix=bt709:out_range=tv,format=yuv420p`]),
      '-c:v', 'libx264',
      '-preset', s.preset,
      '-crf', String(s.crf),
      '-profile:v', s.profile,
      '-pix_fmt', 'yuv420p',
      '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv',
      '-g', gop,
      '-keyint_min', gop,
      '-sc_threshold', '0',
      '-bf', '0',
      '-flags', '+cgop',
      '-fps_mode', 'passthrough',
      '-video_track_timescale', String(s.timescale),
      '-movflags', '+faststart',
      '-f', 'mp4',
    ],
  };
}
