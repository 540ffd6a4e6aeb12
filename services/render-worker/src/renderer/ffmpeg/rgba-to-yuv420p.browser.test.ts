import { execFileSync } from 'node:child_process';
import { rgbaToYuv420p, yuv420pSize } from './rgba-to-yuv420p';

// The engine's conversion against the one it replaces: ffmpeg's swscale with the filter browser segments still use
// (build-ffmpeg-args.ts), on smooth content where averaging a 2x2 block and swscale's chroma filter agree.
describe('rgbaToYuv420p against ffmpeg', () => {
  it('matches swscale to within one level on every plane', () => {
    const [w, h] = [128, 96];
    const rgba = Buffer.alloc(w * h * 4);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) rgba.set([Math.round((x * 255) / (w - 1)), Math.round((y * 255) / (h - 1)), Math.round(((x + y) * 255) / (w + h - 2)), 255], (y * w + x) * 4);
    }
    const args = ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${w}x${h}`, '-i', 'pipe:0', '-vf', 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p', '-f', 'rawvideo', 'pipe:1'];
    const theirs = execFileSync('ffmpeg', args, { input: rgba });
    const ours = Buffer.alloc(yuv420pSize(w, h));
    rgbaToYuv420p(rgba, w, h, ours);
    expect(theirs.length).toBe(ours.length);
    const planes: Array<[string, number, number]> = [['Y', 0, w * h], ['U', w * h, (w * h) / 4], ['V', (w * h * 5) / 4, (w * h) / 4]];
    for (const [name, start, length] of planes) {
      let worst = 0;
      for (let i = start; i < start + length; i++) worst = Math.max(worst, Math.abs(theirs[i]! - ours[i]!));
      expect({ plane: name, worst: worst <= 1 }).toEqual({ plane: name, worst: true });
    }
  });
});
