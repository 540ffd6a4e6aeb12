/**
 * BT.709 limited-range coefficients in 16.16 fixed point (Y' = 16 + 219·(Kr R + Kg G + Kb B)/255, and so on), the
 * matrix and range every segment is tagged with (build-ffmpeg-args.ts).
 */
const F = 65536;
const fixed = (k: number) => Math.round(k * F);
// one constant each, not array elements: the loop below reads them per pixel (a 720p frame about 20% faster)
const YR = fixed(0.182586), YG = fixed(0.614231), YB = fixed(0.062007);
const UR = fixed(-0.100644), UG = fixed(-0.338572), UB = fixed(0.439216);
const VR = fixed(0.439216), VG = fixed(-0.398942), VB = fixed(-0.040274);
/** 16 and 128 in 16.16, plus a half for rounding; chroma sums four pixels, so it is shifted two bits further. */
const Y_BIAS = 16 * F + F / 2;
const C_BIAS = 128 * 4 * F + 2 * F;

/** Bytes of one yuv420p frame: a full-size luma plane and two quarter-size chroma planes. */
export const yuv420pSize = (width: number, height: number) => width * height + 2 * ((width / 2) * (height / 2));

/**
 * Converts rows [top, bottom) of straight RGBA (alpha ignored, as ffmpeg's swscale does for yuv420p) into `out`, a
 * yuv420p frame of the same size: the luma of each pixel, the chroma of each 2x2 block averaged. The rows are
 * widened to whole 2-row blocks, so converting a frame's changed rows over a copy of the frame before's planes gives
 * the bytes of converting it whole. Even sizes only (yuv420p's chroma blocks).
 */
export function rgbaToYuv420p(rgba: Uint8Array, width: number, height: number, out: Uint8Array, top = 0, bottom = height): void {
  if (width % 2 || height % 2) throw new Error(`yuv420p needs an even size, got ${width}x${height}`);
  const lumaSize = width * height;
  const chromaWidth = width / 2;
  const vPlane = lumaSize + lumaSize / 4;
  for (let y = top - (top % 2); y < bottom; y += 2) {
    let s0 = y * width * 4;
    let s1 = s0 + width * 4;
    let d0 = y * width;
    let d1 = d0 + width;
    let c = (y / 2) * chromaWidth;
    for (let x = 0; x < width; x += 2, s0 += 8, s1 += 8, d0 += 2, d1 += 2, c++) {
      const r0 = rgba[s0]!, g0 = rgba[s0 + 1]!, b0 = rgba[s0 + 2]!, r1 = rgba[s0 + 4]!, g1 = rgba[s0 + 5]!, b1 = rgba[s0 + 6]!;
      const r2 = rgba[s1]!, g2 = rgba[s1 + 1]!, b2 = rgba[s1 + 2]!, r3 = rgba[s1 + 4]!, g3 = rgba[s1 + 5]!, b3 = rgba[s1 + 6]!;
      out[d0] = (YR * r0 + YG * g0 + YB * b0 + Y_BIAS) >> 16;
      out[d0 + 1] = (YR * r1 + YG * g1 + YB * b1 + Y_BIAS) >> 16;
      out[d1] = (YR * r2 + YG * g2 + YB * b2 + Y_BIAS) >> 16;
      out[d1 + 1] = (YR * r3 + YG * g3 + YB * b3 + Y_BIAS) >> 16;
      const r = r0 + r1 + r2 + r3;
      const g = g0 + g1 + g2 + g3;
      const b = b0 + b1 + b2 + b3;
      out[lumaSize + c] = (UR * r + UG * g + UB * b + C_BIAS) >> 18;
      out[vPlane + c] = (VR * r + VG * g + VB * b + C_BIAS) >> 18;
    }
  }
}
