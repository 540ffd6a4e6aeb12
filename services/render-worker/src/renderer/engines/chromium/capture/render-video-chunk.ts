import type { Page } from 'puppeteer';
import type { CaptureStrategy } from '@rp/workflow-safe';
import { captureFrames, type CaptureFramesOptions } from './capture-frames';
import { createSegmentEncoder } from '../../../ffmpeg/create-segment-encoder';
import { offlineRequestGuard, type RequestGuard } from '../../../request-guard';
import { writeFrameThumbnail } from './write-frame-thumbnail';

/** The capture options a chunk passes through unchanged; onProgress drives heartbeats (called once per frame). */
type ChunkCaptureOptions = Pick<
  CaptureFramesOptions,
  'document' | 'width' | 'height' | 'fps' | 'startFrame' | 'endFrame' | 'strategy' | 'signal' | 'onProgress' | 'clockEpochMs' | 'jpegQuality' | 'loadTimeoutMs' | 'transparent' | 'frameTimeoutMs'
>;

export interface RenderVideoChunkOptions extends ChunkCaptureOptions {
  /** Exclusive page from the pool; its browser decides the effective strategy (see effectiveStrategy). */
  page: Page;
  /** Segment file to write, inside a temp dir the caller removes. */
  outputPath: string;
  /** h264 (default) or vp9; a transparent capture encodes alpha (vp9 only). */
  codec?: 'h264' | 'vp9';
  ffmpegPath?: string;
  /**
   * The same network policy image renders get (SSRF guard, org-scoped asset resolver, no top-level navigation);
   * without one the page has no network at all.
   */
  guard?: RequestGuard;
  /** The video's thumbnail, written from this frame's capture when the chunk holds it (write-frame-thumbnail.ts). */
  thumbnail?: { frame: number; path: string };
}

export interface RenderVideoChunkResult {
  segmentPath: string;
  frames: number;
  strategy: CaptureStrategy;
  /** Written when the chunk held the thumbnail's frame. */
  thumbnailPath?: string;
}

/** Captures frames [startFrame, endFrame) and encodes them, capture and encode overlapping, into one MP4 segment. */
export async function renderVideoChunk(opts: RenderVideoChunkOptions): Promise<RenderVideoChunkResult> {
  const { page, outputPath, ffmpegPath, codec, guard = offlineRequestGuard, thumbnail, ...capture } = opts;
  const alpha = codec === 'vp9' && capture.transparent === true;
  const guarded = await guard.install(page);
  const encoder = createSegmentEncoder({ fps: capture.fps, width: capture.width, height: capture.height, outputPath, codec, alpha, ffmpegPath, signal: capture.signal });
  try {
    let thumbnailFrame: Buffer | undefined;
    const onFrame = (buf: Buffer, index: number) => {
      if (index === thumbnail?.frame) thumbnailFrame = buf;
      return encoder.write(buf);
    };
    const captured = await captureFrames(page, { ...capture, transparent: alpha, guarded, onFrame });
    // a refusal after the last frame (a late fetch, a navigation in a timer) still fails the chunk
    if (guarded.failure) throw guarded.failure;
    const [{ frames }] = await Promise.all([encoder.end(), thumbnailFrame && writeFrameThumbnail(thumbnailFrame, thumbnail!.path)]);
    return { segmentPath: outputPath, frames, strategy: captured.strategy, ...(thumbnailFrame ? { thumbnailPath: thumbnail!.path } : {}) };
  } catch (err) {
    await encoder.abort();
    throw err;
  } finally {
    await guarded.uninstall();
  }
}
