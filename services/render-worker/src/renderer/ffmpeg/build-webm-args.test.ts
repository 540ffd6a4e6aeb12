import { buildWebmSegmentArgs } from './build-webm-args';

const opt = (args: string[], name: string) => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
};

describe('buildWebmSegmentArgs', () => {
  it('encodes opaque VP9 from JPEG frames', () => {
    const { inputOptions, outputOptions } = buildWebmSegmentArgs({ fps: 30, width: 1280, height: 720, alpha: false });
    expect(opt(inputOptions, '-c:v')).toBe('mjpeg');
    expect(opt(outputOptions, '-c:v')).toBe('libvpx-vp9');
    expect(opt(outputOptions, '-pix_fmt')).toBe('yuv420p');
    expect(opt(outputOptions, '-f')).toBe('webm');
    expect(outputOptions).toContain('-an');
  });

  it('keeps alpha: PNG frames in, yuva420p out', () => {
    const { inputOptions, outputOptions } = buildWebmSegmentArgs({ fps: 25, width: 640, height: 360, alpha: true });
    expect(opt(inputOptions, '-c:v')).toBe('png');
    expect(opt(outputOptions, '-pix_fmt')).toBe('yuva420p');
    expect(opt(outputOptions, '-vf')).toBe('format=yuva420p');
  });

  it('uses a fixed GOP without alt-ref frames so segments join by stream copy', () => {
    const { outputOptions } = buildWebmSegmentArgs({ fps: 24, width: 64, height: 64, alpha: false });
    expect(opt(outputOptions, '-g')).toBe('24');
    expect(opt(outputOptions, '-keyint_min')).toBe('24');
    expect(opt(outputOptions, '-lag-in-frames')).toBe('0');
    expect(opt(outputOptions, '-auto-alt-ref')).toBe('0');
  });

  it('pads odd sizes and rejects bad input', () => {
    expect(opt(buildWebmSegmentArgs({ fps: 30, width: 101, height: 64, alpha: false }).outputOptions, '-vf')).toMatch(/^pad=/);
    expect(() => buildWebmSegmentArgs({ fps: 0, width: 64, height: 64, alpha: false })).toThrow();
  });
});
