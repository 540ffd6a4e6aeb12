import { buildSegmentEncodeArgs, SEGMENT_ENCODER_SETTINGS } from './build-ffmpeg-args';

const opt = (args: string[], name: string) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};

describe('buildSegmentEncodeArgs', () => {
  const { inputOptions, outputOptions } = buildSegmentEncodeArgs({ fps: 30, width: 1280, height: 720 });

  it('reads JPEG frames from a pipe at the render fps', () => {
    expect(opt(inputOptions, '-f')).toBe('image2pipe');
    expect(opt(inputOptions, '-c:v')).toBe('mjpeg');
    expect(opt(inputOptions, '-framerate')).toBe('30');
  });

  it('encodes H.264 yuv420p MP4 with faststart', () => {
    expect(opt(outputOptions, '-c:v')).toBe('libx264');
    expect(opt(outputOptions, '-pix_fmt')).toBe('yuv420p');
    expect(opt(outputOptions, '-movflags')).toBe('+faststart');
    expect(opt(outputOptions, '-f')).toBe('mp4');
    expect(outputOptions).toContain('-an');
  });

  it('uses fixed closed GOPs without B-frames so segments concatenate', () => {
    expect(opt(outputOptions, '-g')).toBe('30');
    expect(opt(outputOptions, '-keyint_min')).toBe('30');
    expect(opt(outputOptions, '-sc_threshold')).toBe('0');
    expect(opt(outputOptions, '-bf')).toBe('0');
    expect(opt(outputOptions, '-flags')).toBe('+cgop');
    expect(opt(outputOptions, '-video_track_timescale')).toBe(String(SEGMENT_ENCODER_SETTINGS.timescale));
  });

  it('is identical for every segment of a render (no per-segment state)', () => {
    expect(buildSegmentEncodeArgs({ fps: 30, width: 1280, height: 720 })).toEqual({ inputOptions, outputOptions });
  });

  it('rounds the GOP for fractional fps and keeps the exact input rate', () => {
    const a = buildSegmentEncodeArgs({ fps: 29.97, width: 320, height: 180 });
    expect(opt(a.inputOptions, '-framerate')).toBe('29.97');
    expect(opt(a.outputOptions, '-g')).toBe('30');
  });

  it('pads odd sizes to even (yuv420p) and leaves even sizes alone', () => {
    expect(opt(outputOptions, '-vf')).not.toContain('pad=');
    expect(opt(buildSegmentEncodeArgs({ fps: 10, width: 321, height: 180 }).outputOptions, '-vf')).toContain('pad=');
  });

  it('rejects invalid input', () => {
    expect(() => buildSegmentEncodeArgs({ fps: 0, width: 320, height: 180 })).toThrow();
    expect(() => buildSegmentEncodeArgs({ fps: 30, width: 0, height: 180 })).toThrow();
  });
});
