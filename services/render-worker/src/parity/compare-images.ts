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
  /** The worst REGION-square region's mean SSIM, at its best alignment within REGION_SHIFT px (see ssim). */
  ssimRegion: number;
  /** PSNR of RGB in dB; Infinity when the images are identical. */
  psnr: number;
}

const WINDOW = 8;
const STRIDE = 4;
/** The side of the regions whose worst mean SSIM is ssimRegion; a region with fewer windows (an edge's) is merged into its neighbour. */
export const REGION = 64;
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

/** How far a region's native pixels may lie from Chromium's (in each axis) and still count as the same drawing. */
export const REGION_SHIFT = 1;

/** Both luma planes and their summed-area tables; `sxy` is scratch for each alignment's table of products. */
interface Planes { w: number; h: number; x: Float64Array; y: Float64Array; sx: Float64Array; sxx: Float64Array; sy: Float64Array; syy: Float64Array; sxy: Float64Array }

/**
 * The SSIM of every window of a, against b's window dx, dy away, summed per REGION-sized region (regions at the
 * right and bottom edges run to the edge, so none is a sliver); windows whose partner leaves the image are skipped.
 */
function regionSums(p: Planes, dx: number, dy: number, cols: number, rows: number): { sum: Float64Array; count: Float64Array } {
  const { w, h, x, y, sxy } = p;
  // x times y dx, dy over (0 outside y), as a summed-area table: one pass, no per-pixel closure, written over the
  // previous alignment's (9 alignments a sample; a fresh table each would be 16 MB apiece at 2 MP)
  for (let r = 0; r < h; r++) {
    const py = r + dy;
    let run = 0;
    for (let c = 0; c < w; c++) {
      const px = c + dx;
      if (py >= 0 && py < h && px >= 0 && px < w) run += x[r * w + c]! * y[py * w + px]!;
      sxy[(r + 1) * (w + 1) + c + 1] = sxy[r * (w + 1) + c + 1]! + run;
    }
  }
  const sum = new Float64Array(cols * rows);
  const count = new Float64Array(cols * rows);
  const n = WINDOW * WINDOW;
  for (let wy = Math.max(0, -dy); wy + WINDOW + Math.max(0, dy) <= h; wy += STRIDE) {
    const row = Math.min(rows - 1, Math.floor(wy / REGION));
    for (let wx = Math.max(0, -dx); wx + WINDOW + Math.max(0, dx) <= w; wx += STRIDE) {
      const mx = windowSum(p.sx, w, wx, wy) / n;
      const my = windowSum(p.sy, w, wx + dx, wy + dy) / n;
      const vx = windowSum(p.sxx, w, wx, wy) / n - mx * mx;
      const vy = windowSum(p.syy, w, wx + dx, wy + dy) / n - my * my;
      const cxy = windowSum(sxy, w, wx, wy) / n - mx * my;
      const r = row * cols + Math.min(cols - 1, Math.floor(wx / REGION));
      sum[r] += ((2 * mx * my + C1) * (2 * cxy + C2)) / ((mx * mx + my * my + C1) * (vx + vy + C2));
      count[r]++;
    }
  }
  return { sum, count };
}

/**
 * SSIM (Wang et al. 2004) of the luma planes with uniform 8x8 windows: their mean over the image, and the worst
 * region's (REGION pixels square), each region at the best of its alignments up to REGION_SHIFT pixels apart. A
 * region's own mean catches a difference the whole image's dilutes (a line of text missing from a large canvas);
 * the alignment keeps a glyph edge or a moving dot drawn a pixel over from counting as one. Images smaller than a
 * window compare whole.
 */
export function ssim(a: Rgba, b: Rgba): { mean: number; regionMin: number } {
  assertSameSize(a, b);
  const { width: w, height: h } = a;
  const x = luma(a);
  const y = luma(b);
  if (w < WINDOW || h < WINDOW) {
    const whole = ssimOf(x, y, 0, x.length);
    return { mean: whole, regionMin: whole };
  }
  const planes: Planes = {
    w, h, x, y,
    sx: integral(w, h, (i) => x[i]!), sxx: integral(w, h, (i) => x[i]! * x[i]!),
    sy: integral(w, h, (i) => y[i]!), syy: integral(w, h, (i) => y[i]! * y[i]!),
    sxy: new Float64Array((w + 1) * (h + 1)),
  };
  const cols = Math.max(1, Math.floor(w / REGION));
  const rows = Math.max(1, Math.floor(h / REGION));
  const aligned = regionSums(planes, 0, 0, cols, rows);
  const mean = aligned.sum.reduce((t, v) => t + v, 0) / aligned.count.reduce((t, v) => t + v, 0);
  const best = Array.from(aligned.sum, (v, r) => (aligned.count[r] ? v / aligned.count[r]! : 1));
  for (let dy = -REGION_SHIFT; dy <= REGION_SHIFT; dy++) {
    for (let dx = -REGION_SHIFT; dx <= REGION_SHIFT; dx++) {
      if (dx === 0 && dy === 0) continue;
      const shifted = regionSums(planes, dx, dy, cols, rows);
      shifted.sum.forEach((v, r) => {
        if (shifted.count[r]) best[r] = Math.max(best[r]!, v / shifted.count[r]!);
      });
    }
  }
  return { mean, regionMin: Math.min(...best) };
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

export function compareImages(a: Rgba, b: Rgba): ImageComparison {
  const s = ssim(a, b);
  return { ssim: s.mean, ssimRegion: s.regionMin, psnr: psnr(a, b) };
}

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
