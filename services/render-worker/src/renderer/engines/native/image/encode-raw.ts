import sharp from 'sharp';

/**
 * zlib level of the native engine's PNG. On the 1080x1080 bench card (RGB): level 1 writes 187 KB in about 7.6 ms,
 * level 3 154 KB in 9.4 ms, takumi's own PNG encoder 88 KB in about 14.5 ms; Chromium's default PNG of the card is
 * about 362 KB, so level 1 stays well under the bound (#25: no larger than Chromium's default).
 */
export const NATIVE_PNG_COMPRESSION_LEVEL = 1;

export interface RawImage {
  /** Straight (not premultiplied) RGBA, 4 bytes a pixel, rows top down: takumi's `raw` output. */
  data: Uint8Array;
  width: number;
  height: number;
}

export interface RawEncoding {
  format: 'png' | 'jpeg';
  /** jpeg quality 1-100. */
  quality: number;
  /** Keep the alpha channel (png); an opaque canvas is written as RGB, as takumi's own encoder did. */
  transparent: boolean;
  /**
   * jpeg: compute optimal Huffman tables (a second pass over the coefficients; default). The 320 px thumbnail skips
   * it: on the bench card that pass is 0.6 of its 1.3 ms encode for a file a few per cent larger.
   */
  optimiseCoding?: boolean;
}

/** Formats libvips encodes from the engine's pixels; webp stays with takumi's encoder. */
export const encodesFromRaw = (format: string): format is RawEncoding['format'] => format === 'png' || format === 'jpeg';

/**
 * The stored image from the engine's raw pixels. takumi's encoders compress hard and slowly (its PNG is about half
 * the engine's CPU on the bench card, its JPEG more than that); libvips writes the same pixels at a fraction of the
 * cost: a fast zlib level for PNG, libjpeg-turbo for JPEG.
 */
export async function encodeRaw(raw: RawImage, enc: RawEncoding): Promise<Buffer> {
  const { width, height } = raw;
  if (raw.data.length !== width * height * 4) throw new Error(`raw image is ${raw.data.length} bytes, expected ${width}x${height}x4`);
  const pixels = sharp(raw.data, { raw: { width, height, channels: 4 } });
  if (enc.format === 'png') {
    return (enc.transparent ? pixels : pixels.removeAlpha()).png({ compressionLevel: NATIVE_PNG_COMPRESSION_LEVEL }).toBuffer();
  }
  // JPEG has no alpha: an opaque canvas drops the channel (the same pixels as a flatten, for half its cost), a
  // transparent one shows white as on Chromium's JPEG
  const rgb = enc.transparent ? pixels.flatten({ background: '#ffffff' }) : pixels.removeAlpha();
  return rgb.jpeg({ quality: enc.quality, optimiseCoding: enc.optimiseCoding ?? true }).toBuffer();
}
