// Image parity metrics on decoded RGBA (docs/engines.md, "Metric"). Pure: the parity check decodes both renders
// with sharp and hands the pixels here.

/** Decoded pixels: RGBA, 4 bytes per pixel, row-major. */
export interface Rgba {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface ImageComparison {
  /** Mean SSIM over 8x8 windows (stride 4) of luma: 1 = identical structure. */
  ssim: number;
  /** PSNR of RGB in dB; Infinity when the images are identical. */
  psnr: number;
}

const WINDOW = 8;
const STRIDE = 4;
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

/** One channel composited over white, so a transparent pixel compares as the white page Chromium shows. */
const over = (c: number, a: number) => (c * a + 255 * (255 - a)) / 255;

function luma(img: Rgba): Float64Array {
  const out = new Float64Array(img.width * img.height);
  const d = img.data;
  for (let i = 0, p = 0; p < out.length; i += 4, p++) {
    const a = d[i + 3]!;
    out[p] = 0.299 * over(d[i]!, a) + 0.587 * over(d[i + 1]!, a) + 0.114 * over(d[i + 2]!, a);
  }
  return out;
}

/** Summed-area table with a zero row and column in front, so a window sum is four lookups. */
function integral(w: number, h: number, value: (p: number) => number): Float64Array {
  const t = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += value(y * w + x);
      t[(y + 1) * (w + 1) + x + 1] = t[y * (w + 1) + x + 1]! + row;
    }
  }
  return t;
}

const windowSum = (t: Float64Array, w: number, x: number, y: number) => {
  const W = w + 1;
  return t[(y + WINDOW) * W + x + WINDOW]! - t[y * W + x + WINDOW]! - t[(y + WINDOW) * W + x]! + t[y * W + x]!;
};

function assertSameSize(a: Rgba, b: Rgba): void {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`images differ in size: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  }
}

/** SSIM (Wang et al. 2004) of the luma planes with uniform 8x8 windows; images smaller than a window compare whole. */
export function ssim(a: Rgba, b: Rgba): number {
  assertSameSize(a, b);
  const { width: w, height: h } = a;
  const x = luma(a);
  const y = luma(b);
  if (w < WINDOW || h < WINDOW) return ssimOf(x, y, 0, x.length);
  const sx = integral(w, h, (p) => x[p]!);
  const sy = integral(w, h, (p) => y[p]!);
  const sxx = integral(w, h, (p) => x[p]! * x[p]!);
  const syy = integral(w, h, (p) => y[p]! * y[p]!);
  const sxy = integral(w, h, (p) => x[p]! * y[p]!);
  const n = WINDOW * WINDOW;
  let total = 0;
  let count = 0;
  for (let wy = 0; wy + WINDOW <= h; wy += STRIDE) {
    for (let wx = 0; wx + WINDOW <= w; wx += STRIDE) {
      const mx = windowSum(sx, w, wx, wy) / n;
      const my = windowSum(sy, w, wx, wy) / n;
      const vx = windowSum(sxx, w, wx, wy) / n - mx * mx;
      const vy = windowSum(syy, w, wx, wy) / n - my * my;
      const cxy = windowSum(sxy, w, wx, wy) / n - mx * my;
      total += ((2 * mx * my + C1) * (2 * cxy + C2)) / ((mx * mx + my * my + C1) * (vx + vy + C2));
      count++;
    }
  }
  return total / count;
}

function ssimOf(x: Float64Array, y: Float64Array, from: number, to: number): number {
  const n = to - from;
  let mx = 0;
  let my = 0;
  for (let i = from; i < to; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let vx = 0;
  let vy = 0;
  let cxy = 0;
  for (let i = from; i < to; i++) {
    vx += (x[i]! - mx) ** 2;
    vy += (y[i]! - my) ** 2;
    cxy += (x[i]! - mx) * (y[i]! - my);
  }
  return ((2 * mx * my + C1) * (2 * (cxy / n) + C2)) / ((mx * mx + my * my + C1) * (vx / n + vy / n + C2));
}

/** PSNR of the RGB channels (composited over white), peak 255. */
export function psnr(a: Rgba, b: Rgba): number {
  assertSameSize(a, b);
  let se = 0;
  const da = a.data;
  const db = b.data;
  for (let i = 0; i < da.length; i += 4) {
    for (let c = 0; c < 3; c++) se += (over(da[i + c]!, da[i + 3]!) - over(db[i + c]!, db[i + 3]!)) ** 2;
  }
  const mse = se / ((da.length / 4) * 3);
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

export const compareImages = (a: Rgba, b: Rgba): ImageComparison => ({ ssim: ssim(a, b), psnr: psnr(a, b) });

/**
 * A difference view for the studio: the reference in faint grey, and every pixel that differs in red, brighter
 * the more it differs (at least a third, so a one-level difference is visible).
 */
export function differenceImage(reference: Rgba, other: Rgba): Rgba {
  assertSameSize(reference, other);
  const out = new Uint8Array(reference.data.length);
  const r = luma(reference);
  const o = luma(other);
  for (let p = 0, i = 0; p < r.length; p++, i += 4) {
    const d = Math.abs(r[p]! - o[p]!);
    const grey = 200 + Math.round(r[p]! / 255 * 55);
    if (d >= 1) {
      out[i] = 255;
      out[i + 1] = out[i + 2] = Math.round(255 * (1 - Math.max(1 / 3, Math.min(1, d / 64))));
    } else {
      out[i] = out[i + 1] = out[i + 2] = grey;
    }
    out[i + 3] = 255;
  }
  return { data: out, width: reference.width, height: reference.height };
}
