import { PNG } from 'pngjs';

export interface DecodedPng {
  width: number;
  height: number;
  pixel(x: number, y: number): [number, number, number, number];
  /** Mean colour of a box, to compare regions without being fooled by anti-aliasing at edges. */
  mean(x0: number, y0: number, w: number, h: number): [number, number, number];
}

export function decodePng(buf: Buffer): DecodedPng {
  const png = PNG.sync.read(buf);
  const pixel = (x: number, y: number): [number, number, number, number] => {
    const i = (png.width * y + x) << 2;
    return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!, png.data[i + 3]!];
  };
  return {
    width: png.width,
    height: png.height,
    pixel,
    mean(x0, y0, w, h) {
      const sum = [0, 0, 0];
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) {
        const p = pixel(x, y);
        sum[0] += p[0];
        sum[1] += p[1];
        sum[2] += p[2];
      }
      const n = w * h;
      return [sum[0]! / n, sum[1]! / n, sum[2]! / n].map(Math.round) as [number, number, number];
    },
  };
}

/** Number of pixels whose RGB differ by more than `tolerance` in any channel. */
export function diffPixels(a: DecodedPng, b: DecodedPng, tolerance = 8): number {
  let n = 0;
  for (let y = 0; y < a.height; y++) for (let x = 0; x < a.width; x++) {
    const p = a.pixel(x, y);
    const q = b.pixel(x, y);
    if (Math.abs(p[0] - q[0]) > tolerance || Math.abs(p[1] - q[1]) > tolerance || Math.abs(p[2] - q[2]) > tolerance) n++;
  }
  return n;
}

/** A solid-colour PNG (alpha 255 unless given), for image fixtures and uploads. */
export function solidPng(width: number, height: number, [r, g, b, a = 255]: [number, number, number, number?]): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([r, g, b, a], i * 4);
  return PNG.sync.write(png);
}

export const pixel = (png: DecodedPng, x: number, y: number) => png.pixel(x, y);

/** Pixels of a region differing from a colour by more than a small tolerance (anti-aliasing). */
export function inkIn(png: DecodedPng, box: { x: number; y: number; w: number; h: number }, bg: number[]): number {
  let n = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const p = png.pixel(x, y);
      if (Math.abs(p[0] - bg[0]!) + Math.abs(p[1] - bg[1]!) + Math.abs(p[2] - bg[2]!) > 30) n++;
    }
  }
  return n;
}

/** Width and height from a JPEG's SOF marker. */
export function jpegSize(buf: Buffer): { width: number; height: number } {
  let i = 2;
  while (i < buf.length) {
    const marker = buf[i + 1]!;
    const len = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  throw new Error('no SOF marker');
}
