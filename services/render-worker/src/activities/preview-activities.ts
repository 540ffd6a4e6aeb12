import { engineFor, type PreviewInput, type PreviewOutput } from '@rp/workflow-safe';
import { storageKeys } from '@rp/storage';
import { activityLogger } from '@rp/worker-runtime';
import { composeDocument } from '../renderer/compose-document';
import type { ImageFormat } from '../renderer/engines/chromium/capture/capture-image';
import { chromiumEngineFor } from '../renderer/engines/chromium/capture/chromium-engine';
import { captureFrames } from '../renderer/engines/chromium/capture/capture-frames';
import { RenderFailure } from '../renderer/types';
import type { RenderActivityDeps } from './deps';
import { assetsFor, requestGuardFor } from './request-guard-for';
import { toActivityError } from './to-application-failure';
import { withHeartbeat } from './with-heartbeat';
import { captureStrategyFor } from './capture-strategy-for';

const IMAGE_TYPES: Record<string, { ext: string; contentType: string }> = {
  png: { ext: 'png', contentType: 'image/png' },
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  webp: { ext: 'webp', contentType: 'image/webp' },
};
// the frame grabber hands out JPEG frames, so a video poster is a JPEG
const VIDEO_FRAME = { ext: 'jpg', contentType: 'image/jpeg' };

/** The frame shown at `seconds` (the API keeps it inside the template duration). */
export const previewFrameIndex = (seconds: number, fps: number) => Math.max(0, Math.floor(seconds * fps + 1e-9));

/** The frame at `timeSeconds` of a video template, captured the way a video chunk captures it (same guard, same clock). */
async function renderVideoFrame(deps: RenderActivityDeps, input: PreviewInput, document: string, signal: AbortSignal): Promise<Buffer> {
  const strategy = captureStrategyFor(input.videoStrategy, { transparent: false, beginFrameAvailable: deps.beginFramePool != null });
  const pool = strategy === 'begin-frame' && deps.beginFramePool ? deps.beginFramePool : deps.pool;
  const index = previewFrameIndex(input.timeSeconds, input.fps);
  let frame: Buffer | null = null;
  // the network policy of a video render: SSRF guard, org-scoped asset://, no navigation
  const guard = requestGuardFor(deps, input.orgId, input.pinnedResources, input.modifications);
  await pool.withPage(async (page) => {
    const guarded = await guard.install(page);
    try {
      await captureFrames(page, {
        document,
        width: input.width,
        height: input.height,
        fps: input.fps,
        startFrame: index,
        endFrame: index + 1,
        strategy,
        loadTimeoutMs: deps.config.PAGE_LOAD_TIMEOUT_MS,
        signal,
        guarded,
        onFrame: (buf) => {
          frame = buf;
        },
      });
      if (guarded.failure) throw guarded.failure;
    } finally {
      await guarded.uninstall();
    }
  }, { orgId: input.orgId, signal });
  if (!frame) throw new RenderFailure('encode_failed', 'no frame was captured');
  return frame;
}

export function createPreviewActivities(deps: RenderActivityDeps) {
  const { store, config } = deps;
  return {
    async renderPreview(input: PreviewInput): Promise<PreviewOutput> {
      const started = Date.now();
      const document = composeDocument(input);
      const kind = input.type === 'video' ? VIDEO_FRAME : IMAGE_TYPES[input.format] ?? IMAGE_TYPES.png!;
      try {
        const bytes = await withHeartbeat(async (signal) => {
          if (input.type === 'video') return renderVideoFrame(deps, input, document, signal);
          const engine = engineFor(input, 'image') === 'native' ? deps.nativeEngine : chromiumEngineFor(deps.pool);
          const out = await engine.render(
            {
              document,
              width: input.width,
              height: input.height,
              format: (IMAGE_TYPES[input.format] ? input.format : 'png') as ImageFormat,
              timeoutMs: config.PAGE_LOAD_TIMEOUT_MS,
              assets: assetsFor(deps, input.orgId, input.pinnedResources, input.modifications),
              orgId: input.orgId,
              thumbnailWidth: 16,
            },
            signal,
          );
          return out.image;
        });
        const path = storageKeys.preview(input.orgId, input.previewId, kind.ext);
        await store.put(path, bytes, kind.contentType);
        return { path, contentType: kind.contentType };
      } catch (err) {
        throw toActivityError(err);
      } finally {
        activityLogger(deps.logger).info({ preview_id: input.previewId, type: input.type, ms: Date.now() - started }, 'preview');
      }
    },
  };
}
