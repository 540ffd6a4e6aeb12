import { rgbaToYuv420p, yuv420pSize } from './rgba-to-yuv420p';

const solid = (w: number, h: number, [r, g, b]: number[]) => {
  const px = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) px.set([r!, g!, b!, 255], i * 4);
  return px;
};
const convert = (rgba: Buffer, w: number, h: number) => {
  const out = Buffer.alloc(yuv420pSize(w, h));
  rgbaToYuv420p(rgba, w, h, out);
  return out;
};

describe('rgbaToYuv420p', () => {
  it.each([
    ['white', [255, 255, 255], [235, 128, 128]],
    ['black', [0, 0, 0], [16, 128, 128]],
    // BT.709 limited range: red is Y' 63, Cb 102, Cr 240; blue is Y' 32, Cb 240, Cr 118
    ['red', [255, 0, 0], [63, 102, 240]],
    ['blue', [0, 0, 255], [32, 240, 118]],
  ])('gives %s its BT.709 limited-range values', (_, rgb, [y, u, v]) => {
    const out = convert(solid(4, 2, rgb), 4, 2);
    expect([...out.subarray(0, 8)]).toEqual(Array(8).fill(y));
    expect([...out.subarray(8, 10)]).toEqual([u, u]);
    expect([...out.subarray(10, 12)]).toEqual([v, v]);
  });

  it('averages each 2x2 block for chroma', () => {
    const px = solid(2, 2, [0, 0, 0]);
    px.set([255, 255, 255, 255], 0);
    px.set([255, 255, 255, 255], 12);
    const out = convert(px, 2, 2);
    expect([...out.subarray(0, 4)]).toEqual([235, 16, 16, 235]);
    expect([out[4], out[5]]).toEqual([128, 128]);
  });

  it('converting the changed rows over the frame before gives the bytes of converting it whole', () => {
    const [w, h] = [16, 12];
    const before = solid(w, h, [10, 200, 30]);
    const after = Buffer.from(before);
    for (let x = 0; x < w; x++) after.set([250, 20, 90, 255], (5 * w + x) * 4); // row 5 changed: block rows 4-5
    const incremental = convert(before, w, h);
    rgbaToYuv420p(after, w, h, incremental, 5, 6);
    expect(incremental.equals(convert(after, w, h))).toBe(true);
  });

  it('refuses an odd size', () => {
    expect(() => rgbaToYuv420p(Buffer.alloc(12), 3, 1, Buffer.alloc(4))).toThrow(/even/);
  });
});
