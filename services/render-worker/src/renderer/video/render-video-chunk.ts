import type { Page } from 'puppeteer';
import type { VideoStrategy } from '@rp/common';
import { captureFrames, type CaptureFramesOptions } from './capture-frames';
import { createSegmentEncoder } from './create-segment-encoder';

/** The capture options a chunk passes through unchanged; onProgress drives heartbeats (called once per frame). */
type ChunkCaptureOptions = Pick<
  CaptureFramesOptions,
  'document' | 'width' | 'height' | 'fps' | 'startFrame' | 'endFrame' | 'strategy' | 'signal' | 'onProgress' | 'clockEpochMs' | 'jpegQuality' | 'loadTimeoutMs' | 'transparent'
>;

export interface RenderVideoChunkOptions extends ChunkCaptureOptions {
  /** Exclusive page from the pool; its browser decides the effective strategy (see effectiveStrategy). */
  page: Page;
  /** Segment file to write, inside a temp dir the caller removes. */
  outputPath: string;
  /** h264 (default) or vp9; a transparent capture encodes alpha (vp9 only). */
  codec?: 'h264' | 'vp9';
  ffmpegPath?: string;
}

export interface RenderVideoChunkResult {
  segmentPath: string;
  frames: number;
  strategy: VideoStrategy;
}

/** Captures frames [startFrame, endFrame) and encodes them, capture and encode overlapping, into one MP4 segment. */
export async function renderVideoChunk(opts: RenderVideoChunkOptions): Promise<RenderVideoChunkResult> {
  const { page, outputPath, ffmpegPath, codec, ...capture } = opts;
  const alpha = codec === 'vp9' && capture.transparent === true;
  const encoder = createSegmentEncoder({ fps: capture.fps, width: capture.width, height: capture.height, outputPath, codec, alpha, ffmpegPath, signal: capture.signal });
  try {
    const captured = await captureFrames(page, { ...capture, transparent: alpha, onFrame: (buf) => encoder.write(buf) });
    const { frames } = await encoder.end();
    return { segmentPath: outputPath, frames, strategy: captured.strategy };
  } catch (err) {
    await encoder.abort();
    throw err;
  }
}
