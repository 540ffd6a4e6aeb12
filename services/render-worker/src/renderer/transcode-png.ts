import path from 'node:path';

/** What the PNG codec hands back: the PNG to store and its JPEG thumbnail. */
export interface TranscodedPng {
  png: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

interface PngCodec {
  transcodePng(input: Buffer, level: number, thumbnail: { width: number; quality: number }): Promise<TranscodedPng | null>;
}

/**
 * The addon's file: `npm run setup` builds it with cargo from services/render-worker/native/png-codec and copies it
 * beside that folder; the render worker's image carries the same file. Resolved from this module's folder, which is
 * one level under the package root in src/ (tests) and dist/ alike.
 */
export const PNG_CODEC_FILE = path.join(__dirname, '..', '..', 'native', 'png-codec.node');

function load(): PngCodec {
  try {
    return require(PNG_CODEC_FILE) as PngCodec;
  } catch (err) {
    throw new Error(`the render worker's PNG codec ${PNG_CODEC_FILE} does not load (${(err as Error).message}); npm run setup builds it`);
  }
}

const codec = load();

/**
 * Chromium's fast PNG re-compressed in one pass on libuv's thread pool (native/png-codec/src/lib.rs): libdeflate
 * inflates it, the rows are unfiltered and compressed again with filter None at `level` (libdeflate's 1-12), and the
 * thumbnail, `thumbnail.width` wide at most, is an area average of the same rows on white, JPEG at `thumbnail.quality`
 * (native/png-codec/src/thumbnail.rs). Resolves to null for a PNG other than 8-bit RGB(A), non-interlaced and without
 * colour chunks (Chromium captures none of those); rejects a corrupt one.
 */
export function transcodePng(input: Buffer, level: number, thumbnail: { width: number; quality: number }): Promise<TranscodedPng | null> {
  return codec.transcodePng(input, level, { width: Math.max(1, Math.round(thumbnail.width)), quality: thumbnail.quality });
}
