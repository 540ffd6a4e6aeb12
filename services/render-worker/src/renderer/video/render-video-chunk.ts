import type { Page } from 'puppeteer';
import type { VideoStrategy } from '@rp/common';
import { captureFrames } from './capture-frames';
import { createSegmentEncoder } from './create-segment-encoder';

export interface RenderVideoChunkOptions {
  /** Exclusive page from the pool; its browser decides the effective strategy (see effectiveStrategy). */
  page: Page;
  /** Complete HTML document with placeholders bound. */
  document: string;
  width: number;
  height: number;
  fps: number;
  startFrame: number;
  /** Exclusive. */
  endFrame: number;
  strategy: VideoStrategy;
  /** Segment MP4 to write, inside a temp dir the caller removes. */
  outputPath: string;
  ffmpegPath?: string;
  signal?: AbortSignal;
  /** Frames captured so far in this chunk (drive heartbeats from it; called once per frame). */
  onProgress?(framesDone: number): void;
  clockEpochMs?: number;
  jpegQuality?: number;
  loadTimeoutMs?: number;
}

export interface RenderVideoChunkResult {
  segmentPath: string;
  frames: number;
  strategy: VideoStrategy;
}

/** Captures frames [startFrame, endFrame) and encodes them, capture and encode overlapping, into one MP4 segment. */
export async function renderVideoChunk(opts: RenderVideoChunkOptions): Promise<RenderVideoChunkResult> {
  const encoder = createSegmentEncoder({
    fps: opts.fps,
    width: opts.width,
    height: opts.height,
    outputPath: opts.outputPath,
    ffmpegPath: opts.ffmpegPath,
    signal: opts.signal,
  });
  try {
    const captured = await captureFrames(opts.page, {
      document: opts.document,
      width: opts.width,
      height: opts.height,
      fps: opts.fps,
      startFrame: opts.startFrame,
      endFrame: opts.endFrame,
      strategy: opts.strategy,
      signal: opts.signal,
      onProgress: opts.onProgress,
      clockEpochMs: opts.clockEpochMs,
      jpegQuality: opts.jpegQuality,
      loadTimeoutMs: opts.loadTimeoutMs,
      onFrame: (buf) => encoder.write(buf),
    });
    const { frames } = await encoder.end();
    return { segmentPath: opts.outputPath, frames, strategy: captured.strategy };
  } catch (err) {
    await encoder.abort();
    throw err;
  }
}
