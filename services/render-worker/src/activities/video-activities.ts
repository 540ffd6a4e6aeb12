import fs from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { storageKeys } from '@rp/storage';
import { resolveVideoSettings, type CaptureStrategy, type VideoChunkOutput, type VideoChunkPlan, type VideoFinalOutput, type VideoPlan } from '@rp/common';
import { composeDocument } from '../renderer/compose-document';
import { renderVideoChunk } from '../renderer/video/render-video-chunk';
import { concatSegments } from '../renderer/video/concat-segments';
import { extractThumbnail } from '../renderer/video/extract-thumbnail';
import { planChunks, totalFramesFor } from '../renderer/video/plan-chunks';
import type { RenderActivityDeps } from './deps';
import { finishRender, hasSubscribers } from '@rp/db';
import { loadRenderJob, type RenderJob } from './render-rows';
import { permanent, toActivityError } from './to-application-failure';
import { withHeartbeat } from './with-heartbeat';
import { requestGuardFor } from './request-guard-for';
import { activityLogger } from '@rp/worker-runtime';

async function loadJob(deps: RenderActivityDeps, renderId: string): Promise<RenderJob> {
  const job = await loadRenderJob(deps.db, renderId);
  if (!job) throw permanent('render_not_found', `render ${renderId} does not exist`);
  if (!job.version) throw permanent('template_invalid', `template version ${job.template_version} not found`);
  return job;
}

/** Records frames done per chunk (keyed by index, so a retried chunk overwrites instead of double counting). */
async function recordChunkProgress(deps: RenderActivityDeps, renderId: string, plan: VideoPlan, index: number, frames: number) {
  await deps.db.transaction(async (trx) => {
    const row = await trx('renders').where({ id: renderId }).forUpdate().first('progress', 'status');
    if (!row || row.status !== 'rendering') return;
    const chunks: Record<string, number> = { ...(row.progress?.chunks ?? {}), [index]: frames };
    const done = Object.values(chunks).reduce((a, b) => a + b, 0);
    const progress = { frames_done: done, frames_total: plan.totalFrames, percent: Math.min(99, Math.floor((done / plan.totalFrames) * 100)), chunks };
    await trx('renders').where({ id: renderId }).update({ progress: JSON.stringify(progress) });
  });
}

// Longer than 60 lines on purpose: a factory whose body is the activities it returns, each a function of its own.
export function createVideoActivities(deps: RenderActivityDeps) {
  const { db, store, config } = deps;
  const poolFor = (strategy: CaptureStrategy) => (strategy === 'begin-frame' && deps.beginFramePool ? deps.beginFramePool : deps.pool);

  return {
    async planVideo(renderId: string): Promise<VideoPlan> {
      const job = await loadJob(deps, renderId);
      // cancelled before its workflow started (a collection item still queued): nothing to render
      if (job.status === 'failed') throw permanent(job.error?.code ?? 'internal_error', job.error?.message ?? 'render failed');
      // the API stored the resolved values; a row without them gets the same defaults the API would give
      const { duration_seconds, fps } = resolveVideoSettings(job, job.version.canvas_data).settings;
      const totalFrames = totalFramesFor(duration_seconds, fps);
      // fixed here, once per render, so every chunk of it (on any worker) captures the same way
      const wantsBeginFrame = job.version.video_strategy !== 'screenshot';
      return {
        totalFrames,
        fps,
        width: job.version.width,
        height: job.version.height,
        // begin-frame needs chromium-headless-shell with it (probed at start); otherwise every chunk captures by screenshot
        strategy: wantsBeginFrame && deps.beginFramePool ? 'begin-frame' : 'screenshot',
        chunks: planChunks(totalFrames, config.VIDEO_CHUNK_FRAMES),
      };
    },

    async renderVideoChunk(renderId: string, plan: VideoPlan, chunk: VideoChunkPlan): Promise<VideoChunkOutput> {
      const job = await loadJob(deps, renderId);
      const segmentPath = storageKeys.videoSegment(job.org_id, renderId, chunk.index);
      const frames = chunk.endFrame - chunk.startFrame;
      // resume: a chunk whose segment was uploaded by an earlier attempt is not rendered again
      if (await store.stat(segmentPath)) return { index: chunk.index, segmentPath, frames };
      const document = composeDocument({
        html: job.version.composition_html,
        width: plan.width,
        height: plan.height,
        placeholders: job.version.placeholders,
        modifications: job.modifications,
      });
      const dir = await mkdtemp(path.join(os.tmpdir(), 'rp-chunk-'));
      const started = process.hrtime.bigint();
      let framesDone = 0;
      let lastReport = 0;
      let outcome = 'completed';
      try {
        const out = await withHeartbeat(
          (signal) =>
            poolFor(plan.strategy).withPage(
              (page) =>
                renderVideoChunk({
                  page,
                  document,
                  width: plan.width,
                  height: plan.height,
                  fps: plan.fps,
                  startFrame: chunk.startFrame,
                  endFrame: chunk.endFrame,
                  strategy: plan.strategy,
                  outputPath: path.join(dir, 'segment.mp4'),
                  ffmpegPath: config.FFMPEG_PATH,
                  loadTimeoutMs: config.PAGE_LOAD_TIMEOUT_MS,
                  guard: requestGuardFor(deps, job.org_id),
                  signal,
                  onProgress: (n) => {
                    framesDone = n;
                    if (Date.now() - lastReport > 1000) {
                      lastReport = Date.now();
                      void recordChunkProgress(deps, renderId, plan, chunk.index, n).catch(() => undefined);
                    }
                  },
                }),
              { signal },
            ),
          () => ({ framesDone }),
        );
        const size = (await stat(out.segmentPath)).size;
        await store.put(segmentPath, fs.createReadStream(out.segmentPath), 'video/mp4', size);
        await recordChunkProgress(deps, renderId, plan, chunk.index, out.frames);
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        deps.metrics.framesRendered.inc({ strategy: out.strategy }, out.frames);
        deps.metrics.captureFps.observe({ strategy: out.strategy }, out.frames / Math.max(seconds, 1e-3));
        return { index: chunk.index, segmentPath, frames: out.frames };
      } catch (err) {
        outcome = 'failed';
        throw toActivityError(err);
      } finally {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        deps.metrics.renderDuration.observe({ kind: 'video_chunk', outcome }, seconds);
        activityLogger(deps.logger).info({ render_id: renderId, chunk: chunk.index, frames: framesDone, outcome, ms: Math.round(seconds * 1000) }, 'video chunk');
        await rm(dir, { recursive: true, force: true });
      }
    },

    async concatVideo(renderId: string, plan: VideoPlan, segments: VideoChunkOutput[]): Promise<VideoFinalOutput> {
      const job = await loadJob(deps, renderId);
      const notify = () => (job.collection_id ? Promise.resolve(false) : hasSubscribers(db, job.org_id, 'video.completed', job.webhook_id));
      if (job.status === 'completed') {
        return { resultPath: job.result_path!, thumbnailPath: job.thumbnail_path!, bytes: 0, notify: await notify() };
      }
      const dir = await mkdtemp(path.join(os.tmpdir(), 'rp-concat-'));
      const started = process.hrtime.bigint();
      let outcome = 'completed';
      try {
        const ordered = [...segments].sort((a, b) => a.index - b.index);
        const local = await Promise.all(
          ordered.map(async (s) => {
            const file = path.join(dir, `${String(s.index).padStart(4, '0')}.mp4`);
            await store.client.fGetObject(store.bucket, s.segmentPath, file);
            return file;
          }),
        );
        const output = path.join(dir, 'result.mp4');
        const thumb = path.join(dir, 'thumbnail.jpg');
        await withHeartbeat(async (signal) => {
          await concatSegments({ segmentPaths: local, outputPath: output, ffmpegPath: config.FFMPEG_PATH, signal });
          await extractThumbnail({ videoPath: output, outputPath: thumb, atSeconds: plan.totalFrames / plan.fps / 2, ffmpegPath: config.FFMPEG_PATH, signal });
        });
        const resultPath = storageKeys.renderResult(job.org_id, renderId, 'mp4');
        const thumbnailPath = storageKeys.renderThumb(job.org_id, renderId);
        const bytes = (await stat(output)).size;
        await store.put(resultPath, fs.createReadStream(output), 'video/mp4', bytes);
        await store.put(thumbnailPath, await fs.promises.readFile(thumb), 'image/jpeg');
        await finishRender(db, renderId, {
          status: 'completed',
          fields: {
            result_path: resultPath,
            thumbnail_path: thumbnailPath,
            progress: JSON.stringify({ frames_done: plan.totalFrames, frames_total: plan.totalFrames, percent: 100 }),
          },
        });
        await Promise.all(ordered.map((s) => store.remove(s.segmentPath).catch(() => undefined)));
        return { resultPath, thumbnailPath, bytes, notify: await notify() };
      } catch (err) {
        outcome = 'failed';
        throw toActivityError(err);
      } finally {
        deps.metrics.renderDuration.observe({ kind: 'video_concat', outcome }, Number(process.hrtime.bigint() - started) / 1e9);
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
