import { buildRawSegmentArgs } from './build-raw-segment-args';
import { buildSegmentEncodeArgs } from './build-ffmpeg-args';
import { buildWebmSegmentArgs } from './build-webm-args';

const opt = (args: string[], name: string) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};

describe('buildRawSegmentArgs', () => {
  it('reads raw frames of the canvas size at the render fps: yuv420p for H.264 of even size, converted by the engine', () => {
    const { inputOptions, outputOptions } = buildRawSegmentArgs({ fps: 30, width: 1280, height: 720, codec: 'h264', alpha: false });
    expect(opt(inputOptions, '-f')).toBe('rawvideo');
    expect(opt(inputOptions, '-pix_fmt')).toBe('yuv420p');
    expect(opt(inputOptions, '-s')).toBe('1280x720');
    expect(opt(inputOptions, '-framerate')).toBe('30');
    expect(inputOptions).not.toContain('-c:v');
    // nothing left for ffmpeg to convert
    expect(outputOptions).not.toContain('-vf');
  });

  it('reads RGBA for an odd size (ffmpeg pads and converts it)', () => {
    const { inputOptions, outputOptions } = buildRawSegmentArgs({ fps: 30, width: 641, height: 360, codec: 'h264', alpha: false });
    expect(opt(inputOptions, '-pix_fmt')).toBe('rgba');
    expect(opt(outputOptions, '-vf')).toMatch(/^pad=.*bt709/);
  });

  it('encodes with exactly the output options of a browser segment of the same codec (segments join by stream copy)', () => {
    const size = { fps: 29.97, width: 320, height: 180 };
    // x264 on one thread: the engine processes' ffmpegs run side by side already (threading changes no stream
    // parameter); no conversion filter for frames that arrive in yuv420p
    const browser = buildSegmentEncodeArgs(size).outputOptions;
    const filter = browser.indexOf('-vf');
    const withoutFilter = [...browser.slice(0, filter), ...browser.slice(filter + 2)];
    expect(buildRawSegmentArgs({ ...size, codec: 'h264', alpha: false }).outputOptions).toEqual(['-threads', '1', ...withoutFilter]);
    expect(buildRawSegmentArgs({ ...size, codec: 'vp9', alpha: false }).outputOptions).toEqual(buildWebmSegmentArgs({ ...size, alpha: false }).outputOptions);
    expect(buildRawSegmentArgs({ ...size, codec: 'vp9', alpha: true }).outputOptions).toEqual(buildWebmSegmentArgs({ ...size, alpha: true }).outputOptions);
  });

  it('keeps alpha for webm (yuva420p) from the same raw input', () => {
    const { inputOptions, outputOptions } = buildRawSegmentArgs({ fps: 25, width: 640, height: 360, codec: 'vp9', alpha: true });
    expect(opt(inputOptions, '-pix_fmt')).toBe('rgba');
    expect(opt(outputOptions, '-pix_fmt')).toBe('yuva420p');
    expect(opt(outputOptions, '-c:v')).toBe('libvpx-vp9');
  });

  it('rejects what no encoder takes', () => {
    expect(() => buildRawSegmentArgs({ fps: 0, width: 320, height: 180, codec: 'h264', alpha: false })).toThrow(/fps/);
    expect(() => buildRawSegmentArgs({ fps: 30, width: 1, height: 180, codec: 'vp9', alpha: false })).toThrow(/size/);
  });
});
