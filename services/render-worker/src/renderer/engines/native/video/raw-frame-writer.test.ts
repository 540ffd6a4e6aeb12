import { rgbaToYuv420p, yuv420pSize } from '../../../ffmpeg/rgba-to-yuv420p';
import { rawFrameWriter, type RawFrame } from './raw-frame-writer';
import type { DrawnFrame } from './video-frame-source';

const W = 8;
const H = 12;

/** A whole frame's yuv420p, the bytes every written frame must equal. */
function whole(rgba: Buffer): Buffer {
  const out = Buffer.alloc(yuv420pSize(W, H));
  rgbaToYuv420p(rgba, W, H, out);
  return out;
}

/** Paints rows [top, bottom) of `rgba` with a colour of its own. */
function paint(rgba: Buffer, top: number, bottom: number, seed: number): void {
  for (let i = top * W * 4; i < bottom * W * 4; i++) rgba[i] = (seed * 37 + i * 11) & 255;
}

describe('rawFrameWriter (yuv420p)', () => {
  it('writes every frame as its whole conversion while earlier buffers are still in the pipe', () => {
    const write = rawFrameWriter('yuv420p', W, H);
    const rgba = Buffer.alloc(W * H * 4);
    paint(rgba, 0, H, 1);
    const frames: DrawnFrame['changed'][] = ['all', [{ top: 2, bottom: 4 }], 'none', [{ top: 7, bottom: 9 }], [{ top: 0, bottom: 1 }, { top: 10, bottom: 12 }], [{ top: 10, bottom: 12 }], [{ top: 3, bottom: 8 }]];
    const inFlight: RawFrame[] = [];
    const seen = new Set<Buffer>();
    frames.forEach((changed, n) => {
      if (changed !== 'all' && changed !== 'none') for (const band of changed) paint(rgba, band.top, band.bottom, n + 2);
      const out = write({ pixels: rgba, changed });
      expect(out.bytes.equals(whole(rgba))).toBe(true);
      seen.add(out.bytes);
      inFlight.push(out);
      // the pipe takes frames two behind: a buffer comes back holding a frame several changes old
      if (inFlight.length > 2) inFlight.shift()!.taken();
    });
    // buffers were used again (not one per frame), and never while ffmpeg could still read them
    expect(seen.size).toBeLessThan(frames.length);
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });

  it('writes an unchanged frame as the buffer before, and never hands out a buffer not yet taken', () => {
    const write = rawFrameWriter('yuv420p', W, H);
    const rgba = Buffer.alloc(W * H * 4);
    paint(rgba, 0, H, 3);
    const first = write({ pixels: rgba, changed: 'all' });
    const again = write({ pixels: rgba, changed: 'none' });
    expect(again.bytes).toBe(first.bytes);
    paint(rgba, 4, 6, 9);
    const next = write({ pixels: rgba, changed: [{ top: 4, bottom: 6 }] });
    expect(next.bytes).not.toBe(first.bytes);
    expect(first.bytes.equals(whole(rgba))).toBe(false);
    expect(next.bytes.equals(whole(rgba))).toBe(true);
  });
});
