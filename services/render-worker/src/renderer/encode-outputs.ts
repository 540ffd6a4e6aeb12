import sharp from 'sharp';
import type { ImageOutputFormat as ImageFormat } from '@rp/workflow-safe';
import { transcodePng } from './transcode-png';

/**
 * libdeflate level of the stored PNG (filter None). On the 1080x1080 card: level 1 writes 392 KB in about 9 ms of
 * deflate, 1.03x the 381 KB libvips writes at zlib level 3 in 20 ms and 1.05x Chromium's default PNG; level 2 379 KB in
 * 12 ms (bench/README.md, "Where a Chromium image's worker CPU goes").
 */
export const PNG_DEFLATE_LEVEL = 1;
/** zlib level of a capture's PNG when libvips encodes it: one the PNG codec does not take (transcode-png.ts). */
export const PNG_COMPRESSION_LEVEL = 3;
/**
 * Every engine's 320 px JPEG thumbnail: quality 80, without the optimal-Huffman pass (about half of a thumbnail's
 * encode for a file a few per cent larger; engines/native/image/encode-raw.ts).
 */
export const THUMBNAIL_JPEG = { quality: 80, optimiseCoding: false } as const;

export interface EncodedOutputs {
  image: Buffer;
  thumbnail: Buffer;
}

/**
 * The stored image and its JPEG thumbnail from one capture. Chromium's fast PNG encoder (optimizeForSpeed) writes
 * files about 2.2x the size of its default one, and its default one adds about 130 ms of Chromium CPU to a 1080x1080
 * card; so a PNG is captured fast and re-compressed once by the PNG codec (transcode-png.ts), which also scales the
 * thumbnail from the pixels it decoded instead of a second rasterisation. A PNG the codec does not take goes through
 * libvips the same way. JPEG and WebP keep Chromium's encoding at the requested quality, and their thumbnail is scaled
 * straight from it: libjpeg and libwebp shrink while they decode, which on the 1080x1080 card costs about half the
 * CPU of decoding the full pixels into a buffer first (bench/README.md).
 */
export async function encodeOutputs(captured: Buffer, format: ImageFormat, thumbnailWidth: number): Promise<EncodedOutputs> {
  if (format !== 'png') return { image: captured, thumbnail: await thumbnailOf(captured, thumbnailWidth) };
  const transcoded = await transcodePng(captured, PNG_DEFLATE_LEVEL, { width: thumbnailWidth, quality: THUMBNAIL_JPEG.quality });
  if (transcoded) return { image: transcoded.png, thumbnail: transcoded.thumbnail };
  const { data, info } = await sharp(captured).raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const width = Math.max(1, Math.min(info.width, Math.round(thumbnailWidth)));
  const [image, thumbnail] = await Promise.all([
    pixels().png({ compressionLevel: PNG_COMPRESSION_LEVEL }).toBuffer(),
    // a transparent capture gets the white page background a viewer would show under it; an opaque one (3
    // channels) needs no flatten.
    thumbnailPipeline(pixels().resize({ width }), info.channels === 4),
  ]);
  return { image, thumbnail };
}

/** A JPEG thumbnail scaled from an encoded image, for an engine that returned none. */
export async function thumbnailOf(image: Buffer, thumbnailWidth = 320): Promise<Buffer> {
  return thumbnailPipeline(sharp(image).resize({ width: Math.max(1, Math.round(thumbnailWidth)), withoutEnlargement: true }), true);
}

function thumbnailPipeline(scaled: sharp.Sharp, mayHaveAlpha: boolean): Promise<Buffer> {
  return (mayHaveAlpha ? scaled.flatten({ background: '#ffffff' }) : scaled).jpeg(THUMBNAIL_JPEG).toBuffer();
}
