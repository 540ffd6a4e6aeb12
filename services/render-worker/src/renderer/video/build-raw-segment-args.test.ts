import { buildRawSegmentArgs } from './build-raw-segment-args';
import { buildSegmentEncodeArgs } from './build-ffmpeg-args';
import { buildWebmSegmentArgs } from './build-webm-args';

const opt = (args: string[], name: string) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};

describe('buildRawSegmentArgs', () => {
  it('reads raw RGBA frames of the canvas size at the render fps', () => {
    const { inputOptions } = buildRawSegmentArgs({ fps: 30, width: 1280, height: 720, codec: 'h264', alpha: false });
    expect(opt(inputOptions, '-f')).toBe('rawvideo');
    expect(opt(inputOptions, '-pix_fmt')).toBe('rgba');
    expect(opt(inputOptions, '-s')).toBe('1280x720');
    expect(opt(inputOptions, '-framerate')).toBe('30');
    expect(inputOptions).not.toContain('-c:v');
  });

  it('encodes with exactly the output options of a browser segment of the same codec (segments join by stream copy)', () => {
    const size = { fps: 29.97, width: 320, height: 180 };
    // x264 on one thread: the engine processes' ffmpegs run side by side already (threading changes no stream parameter)
    expect(buildRawSegmentArgs({ ...size, codec: 'h264', alpha: false }).outputOptions).toEqual(['-threads', '1', ...buildSegmentEncodeArgs(size).outputOptions]);
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
