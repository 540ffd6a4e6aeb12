import path from 'node:path';
import type { VideoChunkPlan, VideoPlan } from '@rp/workflow-safe';
import { middleFrameIndex } from '../renderer/video/middle-frame-of';
import type { RenderActivityDeps } from './deps';
import { createChromiumVideoEngine } from '../renderer/engines/chromium/capture/chromium-video-engine';
import { nativeVideoEngine } from '../renderer/engines/native/video/native-video-engine';
import type { VideoChunkInput, VideoChunkResult, VideoEngine } from '../renderer/engines/video-engine';
import type { RenderJob } from './render-rows';
import { assetsFor } from './request-guard-for';
import { withHeartbeat } from './with-heartbeat';

export interface ChunkCapture {
  document: string;
  /** The activity's temp dir, removed by the activity. */
  dir: string;
  onProgress: (framesDone: number) => void;
  framesDone: () => number;
}

/** gif renders are H.264 intermediates until the final join converts them. */
export const segmentExt = (plan: VideoPlan) => (plan.format === 'webm' ? 'webm' : 'mp4');

/** The engine the plan fixed for every chunk of the video, behind the VideoEngine seam. */
const videoEngineOf = (deps: RenderActivityDeps, plan: VideoPlan): VideoEngine =>
  plan.engine === 'native' ? nativeVideoEngine(deps.nativeEngine) : createChromiumVideoEngine({ pool: deps.pool, beginFramePool: deps.beginFramePool });

/**
 * Draws and encodes the chunk's frames with the engine the plan fixed, heartbeating progress: Chromium on a page of
 * the pool its capture strategy needs, or the native engine (an engine process drawing each frame at i*1000/fps
 * into its own ffmpeg). Either way a frame gets as long as a whole image render: past that the template is stuck.
 */
export function captureChunk(deps: RenderActivityDeps, job: RenderJob, plan: VideoPlan, chunk: VideoChunkPlan, c: ChunkCapture): Promise<VideoChunkResult> {
  const { config } = deps;
  const input: VideoChunkInput = {
    document: c.document,
    width: plan.width,
    height: plan.height,
    fps: plan.fps,
    startFrame: chunk.startFrame,
    endFrame: chunk.endFrame,
    outputPath: path.join(c.dir, `segment.${segmentExt(plan)}`),
    codec: plan.format === 'webm' ? 'vp9' : 'h264',
    transparent: plan.transparent,
    ffmpegPath: config.FFMPEG_PATH,
    loadTimeoutMs: config.PAGE_LOAD_TIMEOUT_MS,
    frameTimeoutMs: config.PAGE_LOAD_TIMEOUT_MS,
    onProgress: c.onProgress,
    orgId: job.org_id,
    assets: assetsFor(deps, job.org_id, job.version.pinned_resources, job.modifications),
    strategy: plan.strategy,
    thumbnailFrame: middleFrameIndex(plan.totalFrames),
  };
  const engine = videoEngineOf(deps, plan);
  return withHeartbeat<VideoChunkResult>((signal) => engine.renderChunk(input, signal), () => ({ framesDone: c.framesDone() }));
}
