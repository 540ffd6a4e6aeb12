import { compareImages, differenceImage, psnr, ssim, type Rgba } from './compare-images';

const image = (w: number, h: number, px: (x: number, y: number) => [number, number, number, number?]): Rgba => {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [r, g, b, a = 255] = px(x, y);
      data.set([r, g, b, a], (y * w + x) * 4);
    }
  }
  return { data, width: w, height: h };
};

const checker = (shift = 0) => image(64, 64, (x, y) => (((x + shift) >> 3) + (y >> 3)) % 2 ? [255, 255, 255] : [20, 40, 60]);

describe('compareImages', () => {
  it('answers 1 and Infinity for identical images', () => {
    expect(compareImages(checker(), checker())).toEqual({ ssim: 1, ssimRegion: 1, psnr: Infinity });
  });

  it('ranks a small change above a large one', () => {
    const noisy = image(64, 64, (x, y) => ((x >> 3) + (y >> 3)) % 2 ? [250, 250, 250] : [24, 44, 64]);
    const shifted = checker(4);
    const small = compareImages(checker(), noisy);
    const large = compareImages(checker(), shifted);
    expect(small.ssim).toBeGreaterThan(0.97);
    expect(small.psnr).toBeGreaterThan(35);
    expect(large.ssim).toBeLessThan(0.5);
    expect(large.psnr).toBeLessThan(10);
  });

  it('finds a local difference the mean dilutes: a line of text missing from a large canvas', () => {
    // 640x360 of one colour with a 120x12 "line of text" (stripes) that one image lacks
    const text = (x: number, y: number) => x >= 300 && x < 420 && y >= 200 && y < 212 && x % 4 < 2;
    const page = (withText: boolean) => image(640, 360, (x, y) => (withText && text(x, y) ? [255, 255, 255] : [255, 46, 99]));
    const cmp = compareImages(page(true), page(false));
    expect(cmp.ssim).toBeGreaterThan(0.99);
    expect(cmp.psnr).toBeGreaterThan(28);
    expect(cmp.ssimRegion).toBeLessThan(0.8);
  });

  it("counts a drawing one pixel over as the same in its region, where the whole image's SSIM drops", () => {
    const glyphs = (shift: number) => image(256, 128, (x, y) => ((((x - shift) >> 2) * 7 + (y >> 2) * 3) % 5 === 0 ? [20, 30, 80] : [240, 248, 240]));
    const cmp = compareImages(glyphs(0), glyphs(1));
    expect(cmp.ssim).toBeLessThan(0.9);
    expect(cmp.ssimRegion).toBeGreaterThan(0.97);
    expect(compareImages(glyphs(0), glyphs(3)).ssimRegion).toBeLessThan(0.9); // three pixels over is not
  });

  it('matches the closed form of PSNR for a uniform difference', () => {
    const a = image(16, 16, () => [100, 100, 100]);
    const b = image(16, 16, () => [110, 110, 110]);
    expect(psnr(a, b)).toBeCloseTo(10 * Math.log10((255 * 255) / 100), 6);
  });

  it('composites transparency over white (a transparent pixel equals a white one)', () => {
    const clear = image(16, 16, () => [0, 0, 0, 0]);
    const white = image(16, 16, () => [255, 255, 255]);
    expect(compareImages(clear, white)).toEqual({ ssim: 1, ssimRegion: 1, psnr: Infinity });
  });

  it('compares images smaller than a window as a whole', () => {
    const a = image(4, 4, (x) => [x * 60, 0, 0]);
    expect(ssim(a, a).mean).toBeCloseTo(1, 10);
    expect(ssim(a, a).regionMin).toBeCloseTo(1, 10);
  });

  it('refuses images of different sizes', () => {
    expect(() => ssim(checker(), image(32, 32, () => [0, 0, 0]))).toThrow(/differ in size/);
  });
});

describe('differenceImage', () => {
  it('marks differing pixels red and leaves equal ones grey', () => {
    const a = image(2, 1, () => [0, 0, 0]);
    const b = image(2, 1, (x) => (x === 0 ? [0, 0, 0] : [255, 255, 255]));
    const d = differenceImage(a, b).data;
    expect([...d.slice(0, 4)]).toEqual([200, 200, 200, 255]);
    expect(d[4]).toBe(255);
    expect(d[5]).toBe(0);
    expect(d[7]).toBe(255);
  });
});
