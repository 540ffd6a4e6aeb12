import type { NativeEngine } from '../image/native-engine';
import type { VideoChunkInput, VideoChunkResult, VideoEngine } from '../../video-engine';

/**
 * The native engine behind the video seam: the document prepared once in the worker, every frame of the chunk drawn
 * by an engine process at i*1000/fps and streamed by it into its own ffmpeg (NativeEngine.renderVideoChunk).
 */
export function nativeVideoEngine(engine: NativeEngine): VideoEngine {
  return {
    name: 'native',
    async renderChunk(input: VideoChunkInput, signal: AbortSignal): Promise<VideoChunkResult> {
      const { document, width, height, fps, startFrame, endFrame, outputPath, codec, transparent, ffmpegPath, loadTimeoutMs, frameTimeoutMs, onProgress, assets, thumbnailFrame } = input;
      const out = await engine.renderVideoChunk({ document, width, height, fps, startFrame, endFrame, outputPath, codec, transparent, ffmpegPath, loadTimeoutMs, frameTimeoutMs, onProgress, assets, thumbnailFrame }, signal);
      return { ...out, strategy: 'native' };
    },
  };
}
