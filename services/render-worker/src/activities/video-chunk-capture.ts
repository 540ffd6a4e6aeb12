import path from 'node:path';
import type { CaptureStrategy, VideoChunkPlan, VideoPlan } from '@rp/workflow-safe';
import { renderVideoChunk } from '../renderer/video/render-video-chunk';
import { middleFrameIndex } from '../renderer/video/middle-frame-of';
import type { RenderActivityDeps } from './deps';
import type { NativeChunkTiming } from '../renderer/engines/native/native-job';
import type { RenderJob } from './render-rows';
import { assetsFor, requestGuardFor } from './request-guard-for';
import { withHeartbeat } from './with-heartbeat';

export interface ChunkCapture {
  document: string;
  /** The activity's temp dir, removed by the activity. */
  dir: string;
  onProgress: (framesDone: number) => void;
  framesDone: () => number;
}

export interface CapturedChunk {
  segmentPath: string;
  frames: number;
  /** How the frames were made: the Chromium capture strategy, or `native` (metrics label). */
  strategy: CaptureStrategy | 'native';
  /** Where a native chunk's time went (logged with the chunk). */
  timing?: NativeChunkTiming;
  /** The video's thumbnail, when a native chunk held its middle frame (uploaded beside the segment). */
  thumbnailPath?: string;
}

/** gif renders are H.264 intermediates until the final join converts them. */
export const segmentExt = (plan: VideoPlan) => (plan.format === 'webm' ? 'webm' : 'mp4');

const poolFor = (deps: RenderActivityDeps, strategy: CaptureStrategy) =>
  strategy === 'begin-frame' && deps.beginFramePool ? deps.beginFramePool : deps.pool;

/**
 * Draws and encodes the chunk's frames with the engine the plan fixed, heartbeating progress: Chromium on a page of
 * the pool its capture strategy needs, or the native engine (an engine process drawing each frame at i*1000/fps
 * into its own ffmpeg). Either way a frame gets as long as a whole image render: past that the template is stuck.
 */
export function captureChunk(deps: RenderActivityDeps, job: RenderJob, plan: VideoPlan, chunk: VideoChunkPlan, c: ChunkCapture): Promise<CapturedChunk> {
  const { config } = deps;
  const common = {
    document: c.document,
    width: plan.width,
    height: plan.height,
    fps: plan.fps,
    startFrame: chunk.startFrame,
    endFrame: chunk.endFrame,
    outputPath: path.join(c.dir, `segment.${segmentExt(plan)}`),
    codec: plan.format === 'webm' ? ('vp9' as const) : ('h264' as const),
    transparent: plan.transparent,
    ffmpegPath: config.FFMPEG_PATH,
    loadTimeoutMs: config.PAGE_LOAD_TIMEOUT_MS,
    frameTimeoutMs: config.PAGE_LOAD_TIMEOUT_MS,
    onProgress: c.onProgress,
  };
  const pinned = job.version.pinned_resources;
  return withHeartbeat<CapturedChunk>(
    (signal) =>
      plan.engine === 'native'
        ? deps.nativeEngine
            .renderVideoChunk({ ...common, assets: assetsFor(deps, job.org_id, pinned), thumbnailFrame: middleFrameIndex(plan.totalFrames) }, signal)
            .then((out) => ({ ...out, strategy: 'native' as const }))
        : poolFor(deps, plan.strategy).withPage(
            (page) => renderVideoChunk({ ...common, page, strategy: plan.strategy, guard: requestGuardFor(deps, job.org_id, pinned), signal }),
            { orgId: job.org_id, signal },
          ),
    () => ({ framesDone: c.framesDone() }),
  );
}
