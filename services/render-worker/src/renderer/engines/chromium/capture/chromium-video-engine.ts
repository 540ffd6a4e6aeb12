import type { BrowserPool } from '../../../types';
import { renderVideoChunk } from './render-video-chunk';
import { chunkThumbnail } from '../../../video/middle-frame-of';
import type { VideoChunkInput, VideoChunkResult, VideoEngine } from '../../video-engine';

/** The browser pools Chromium captures video frames with: begin-frame capture needs the headless shell's. */
export interface ChromiumVideoPools {
  pool: BrowserPool;
  beginFramePool: BrowserPool | null;
}

/**
 * Chromium behind the video seam: each chunk on a page of the pool its capture strategy needs, frames captured at
 * i*1000/fps on the virtual clock and encoded as they come, under the render's request guard.
 */
export function createChromiumVideoEngine(pools: ChromiumVideoPools): VideoEngine {
  return {
    name: 'chromium',
    renderChunk(input: VideoChunkInput, signal: AbortSignal): Promise<VideoChunkResult> {
      const pool = input.strategy === 'begin-frame' && pools.beginFramePool ? pools.beginFramePool : pools.pool;
      const { document, width, height, fps, startFrame, endFrame, outputPath, codec, transparent, ffmpegPath, loadTimeoutMs, frameTimeoutMs, onProgress, strategy } = input;
      // the chunk holding the video's middle frame writes the thumbnail from its capture, as a native chunk does
      const thumbnail = chunkThumbnail(input);
      return pool.withPage(
        (page) =>
          renderVideoChunk({ document, width, height, fps, startFrame, endFrame, outputPath, codec, transparent, ffmpegPath, loadTimeoutMs, frameTimeoutMs, onProgress, page, strategy, guard: input.assets.guard, signal, thumbnail }),
        { orgId: input.orgId, signal },
      );
    },
  };
}
