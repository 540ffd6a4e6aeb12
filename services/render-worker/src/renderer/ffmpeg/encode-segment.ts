import { createSegmentEncoder, type SegmentEncoderOptions } from './create-segment-encoder';

export interface EncodeSegmentOptions extends SegmentEncoderOptions {
  /** JPEG frames in order. */
  frames: AsyncIterable<Buffer> | Iterable<Buffer>;
}

/** Encodes a whole segment from an (async) iterable of JPEGs; see createSegmentEncoder for the push API. */
export async function encodeSegment(opts: EncodeSegmentOptions): Promise<{ outputPath: string; frames: number }> {
  const encoder = createSegmentEncoder(opts);
  try {
    for await (const frame of opts.frames) await encoder.write(frame);
    return await encoder.end();
  } catch (err) {
    await encoder.abort();
    throw err;
  }
}
