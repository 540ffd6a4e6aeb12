import fs from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { storageKeys } from '@rp/storage';
import { engineFor, resolveVideoSettings, AUDIO_CODECS, OUTPUT_FILES, VIDEO_FORMATS, type AudioTrack, type VideoStrategy, type VideoChunkOutput, type VideoChunkPlan, type VideoFinalOutput, type VideoFormat, type VideoPlan } from '@rp/workflow-safe';
import { captureStrategyFor } from './capture-strategy-for';
import { composeVersion } from '../renderer/compose-document';
import { browserVersionOf } from '../renderer/engines/chromium/pool/browser-version';
import { videoProvenance, type VideoEngineVersion } from './render-provenance';
import { takumiVersion } from '../renderer/engines/native/process/takumi-version';
import { videoWarnings } from './video-warnings';
import { assembleVideo } from '../renderer/ffmpeg/assemble-video';
import { prepareAudio } from './prepare-audio';
import { planChunks, totalFramesFor } from '../renderer/video/plan-chunks';
import { planNativeChunks } from '../renderer/engines/native/video/plan-native-chunks';
import type { RenderActivityDeps } from './deps';
import { finishRender } from '@rp/db';
import { loadRenderJob, notifyFor, throwIfFailed, type RenderJob } from './render-rows';
import { permanent } from './to-application-failure';
import { measureRender } from './measure-render';
import { withHeartbeat } from './with-heartbeat';
import { captureChunk, segmentExt } from './video-chunk-capture';
import type { VideoChunkResult } from '../renderer/engines/video-engine';
import type { NativeChunkTiming } from '../renderer/engines/native/process/native-job';

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

/** Frames done so far, written to the row at most once a second: a write per frame would load the database. */
function chunkProgressReporter(deps: RenderActivityDeps, renderId: string, plan: VideoPlan, index: number) {
  let framesDone = 0;
  let lastReport = 0;
  return {
    framesDone: () => framesDone,
    onProgress: (n: number) => {
      framesDone = n;
      if (Date.now() - lastReport > 1000) {
        lastReport = Date.now();
        void recordChunkProgress(deps, renderId, plan, index, n).catch(() => undefined);
      }
    },
  };
}

/** A native chunk's timing as log fields (snake_case, numbers only: `spent` is merged into the chunk's log line). */
const nativeChunkFields = (t: NativeChunkTiming) => ({ prepare_ms: t.prepareMs ?? 0, setup_ms: t.setupMs, draw_ms: t.drawMs, wait_draw_ms: t.waitDrawMs, wait_encode_ms: t.waitEncodeMs, held_frames: t.heldFrames, band_frames: t.bandFrames, unchanged_frames: t.unchangedFrames, bands: t.bands, encoder: t.encoder });

/** Uploads the encoded segment, records the chunk's frames and the capture rate since `started`. */
async function storeChunk(
  deps: RenderActivityDeps,
  renderId: string,
  plan: VideoPlan,
  index: number,
  segmentPath: string,
  out: VideoChunkResult,
  started: bigint,
  thumbKey: string,
) {
  const size = (await stat(out.segmentPath)).size;
  // before the segment, whose presence marks the chunk done: a chunk stored has stored its thumbnail too
  if (out.thumbnailPath) await deps.store.put(thumbKey, await fs.promises.readFile(out.thumbnailPath), 'image/jpeg');
  await deps.store.put(segmentPath, fs.createReadStream(out.segmentPath), OUTPUT_FILES[segmentExt(plan)].contentType, { size });
  await recordChunkProgress(deps, renderId, plan, index, out.frames);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  deps.metrics.framesRendered.inc({ strategy: out.strategy }, out.frames);
  deps.metrics.captureFps.observe({ strategy: out.strategy }, out.frames / Math.max(seconds, 1e-3));
}

// eslint-disable-next-line max-lines-per-function -- a factory whose body is the activities it returns, each a function of its own.
export function createVideoActivities(deps: RenderActivityDeps) {
  const { db, store, config } = deps;

  return {
    async planVideo(renderId: string): Promise<VideoPlan> {
      const job = await loadJob(deps, renderId);
      // cancelled before its workflow started (a collection item still queued): nothing to render
      throwIfFailed(job);
      // the API stored the resolved values; a row without them gets the same defaults the API would give
      const { duration_seconds, fps } = resolveVideoSettings(job, job.version.canvas_data, job.version.format).settings;
      const totalFrames = totalFramesFor(duration_seconds, fps);
      const format: VideoFormat = (VIDEO_FORMATS as readonly string[]).includes(job.version.format) ? (job.version.format as VideoFormat) : 'mp4';
      const transparent = format === 'webm' && job.version.canvas_data?.transparent === true;
      // fixed here, once per render, so every chunk of it (on any worker) is drawn the same way; a version decided
      // native is drawn by the native engine as its images are (a worker without one draws with Chromium)
      const engine = engineFor(job.version, 'video') === 'native' && deps.nativeEngine ? 'native' : 'chromium';
      return {
        format,
        transparent,
        totalFrames,
        fps,
        width: job.version.width,
        height: job.version.height,
        engine,
        strategy: captureStrategyFor(job.version.video_strategy as VideoStrategy, { transparent, beginFrameAvailable: deps.beginFramePool != null }),
        chunks: engine === 'native'
          ? planNativeChunks(composeVersion(job.version, job.version, job.modifications), { totalFrames, fps, chunkFrames: config.VIDEO_CHUNK_FRAMES, engineProcesses: config.NATIVE_ENGINE_PROCESSES })
          : planChunks(totalFrames, config.VIDEO_CHUNK_FRAMES),
      };
    },

    async renderVideoChunk(renderId: string, plan: VideoPlan, chunk: VideoChunkPlan): Promise<VideoChunkOutput> {
      const job = await loadJob(deps, renderId);
      const segmentPath = storageKeys.videoSegment(job.org_id, renderId, chunk.index);
      const frames = chunk.endFrame - chunk.startFrame;
      // resume: a chunk whose segment was uploaded by an earlier attempt is not rendered again
      if (await store.stat(segmentPath)) return { index: chunk.index, segmentPath, frames };
      const document = composeVersion(job.version, plan, job.modifications);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'rp-chunk-'));
      const progress = chunkProgressReporter(deps, renderId, plan, chunk.index);
      // where a chunk's time went, in its log line: capture (draw and encode), then the upload
      const spent: Record<string, number> = {};
      const fields = () => ({ chunk: chunk.index, frames: progress.framesDone(), engine: plan.engine, ...spent });
      const step = { renderId, kind: 'video_chunk', message: 'video chunk', fields } as const;
      try {
        return await measureRender(deps, step, async () => {
          const started = process.hrtime.bigint();
          const out = await captureChunk(deps, job, plan, chunk, { document, dir, ...progress });
          spent.capture_ms = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
          if (out.timing) Object.assign(spent, nativeChunkFields(out.timing));
          await storeChunk(deps, renderId, plan, chunk.index, segmentPath, out, started, storageKeys.videoSegmentThumb(job.org_id, renderId));
          return { index: chunk.index, segmentPath, frames: out.frames };
        });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    async concatVideo(renderId: string, plan: VideoPlan, segments: VideoChunkOutput[]): Promise<VideoFinalOutput> {
      const job = await loadJob(deps, renderId);
      const notify = () => notifyFor(db, job)('completed');
      if (job.status === 'completed') {
        return { resultPath: job.result_path!, thumbnailPath: job.thumbnail_path!, bytes: 0, notify: await notify() };
      }
      const dir = await mkdtemp(path.join(os.tmpdir(), 'rp-concat-'));
      // where the join's time went, in its log line: download, assemble (join and thumbnail), store, finish
      const spent: Record<string, number> = {};
      const step = { renderId, kind: 'video_concat', message: 'video concat', fields: () => ({ segments: segments.length, ...spent }) } as const;
      try {
        return await measureRender(deps, step, async () => {
          const ordered = [...segments].sort((a, b) => a.index - b.index);
          const { resultPath, thumbnailPath, bytes } = await assembleAndStore(deps, job, plan, ordered, dir, spent);
          const parts = [...ordered.map((s) => s.segmentPath), storageKeys.videoSegmentThumb(job.org_id, renderId)];
          await Promise.all(parts.map((key) => store.remove(key).catch(() => undefined)));
          return { resultPath, thumbnailPath, bytes, notify: await notify() };
        });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The engine the plan drew with; the browser version is read once per browser (browser-version.ts), so a busy pool only delays the first video. */
const videoEngineVersion = (deps: RenderActivityDeps, plan: VideoPlan, job: RenderJob): VideoEngineVersion =>
  plan.engine === 'native'
    ? { name: 'native', version: takumiVersion() }
    : { name: 'chromium', version: deps.pool.withPage((page) => browserVersionOf(page), { orgId: job.org_id }) };

/** The segments as local files, in order, and the thumbnail a native chunk drew, if any. */
function downloadParts(deps: RenderActivityDeps, job: RenderJob, plan: VideoPlan, ordered: VideoChunkOutput[], dir: string) {
  const drawnThumb = path.join(dir, 'drawn-thumbnail.jpg');
  return Promise.all([
    Promise.all(
      ordered.map(async (s) => {
        const file = path.join(dir, `${String(s.index).padStart(4, '0')}.${segmentExt(plan)}`);
        await deps.store.download(s.segmentPath, file);
        return file;
      }),
    ),
    // without it (a Chromium video, or a chunk that stored its segment but not this) it is taken from the segment
    deps.store.download(storageKeys.videoSegmentThumb(job.org_id, job.id), drawnThumb).then(() => drawnThumb, () => undefined),
  ]);
}

/**
 * Downloads the segments, joins them (with the audio track, converting gif), uploads the file and thumbnail and
 * completes the row with what the file is.
 */
async function assembleAndStore(deps: RenderActivityDeps, job: RenderJob, plan: VideoPlan, ordered: VideoChunkOutput[], dir: string, spent: Record<string, number>) {
  const { db, store, config } = deps;
  let t = performance.now();
  const lap = (name: string) => {
    spent[`${name}_ms`] = Math.round(performance.now() - t);
    t = performance.now();
  };
  const [local, thumb] = await downloadParts(deps, job, plan, ordered, dir);
  lap('download');
  const durationSeconds = plan.totalFrames / plan.fps;
  const track = (job.audio ?? null) as AudioTrack | null;
  const codec = track ? AUDIO_CODECS[plan.format] : undefined;
  const out = await withHeartbeat(async (signal) => {
    const audioPath = path.join(dir, 'audio.in');
    if (track && codec) await prepareAudio(deps, job.org_id, track, audioPath, signal);
    const audio = track && codec ? { path: audioPath, track, durationSeconds, codec } : undefined;
    const segmentFrames = ordered.map((s) => s.frames);
    return assembleVideo({ segmentPaths: local, segmentFrames, fps: plan.fps, dir, format: plan.format, durationSeconds, audio, thumbnailPath: thumb, ffmpegPath: config.FFMPEG_PATH, signal, spares: deps.ffmpegSpares });
  });
  lap('assemble');
  const file = OUTPUT_FILES[plan.format];
  const resultPath = storageKeys.renderResult(job.org_id, job.id, file.ext);
  const thumbnailPath = storageKeys.renderThumb(job.org_id, job.id);
  const { width, height, fps, totalFrames: frames, transparent: alpha } = plan;
  const document = composeVersion(job.version, plan, job.modifications);
  // the uploads, the provenance and the warnings need only the file and the document: all at once
  const [provenance, warnings] = await Promise.all([
    videoProvenance({ template_id: job.template_id, template_version: job.template_version, document, ffmpegPath: config.FFMPEG_PATH, pinned: job.version.pinned_resources }, videoEngineVersion(deps, plan, job)),
    videoWarnings(deps, job, { width, height }, document),
    store.put(resultPath, fs.createReadStream(out.outputPath), file.contentType, { size: out.bytes }),
    fs.promises.readFile(out.thumbnailPath).then((jpeg) => store.put(thumbnailPath, jpeg, 'image/jpeg')),
  ]);
  lap('store');
  const videoMetadata = {
    format: plan.format, width, height, fps, frames, duration_seconds: durationSeconds, bytes: out.bytes, alpha,
    audio: track && codec ? { codec, ...track } : null,
    provenance,
    // served as the render's top-level `warnings`, as an image's are (serializers)
    warnings,
  };
  await finishRender(db, job.id, {
    status: 'completed',
    fields: {
      result_path: resultPath,
      thumbnail_path: thumbnailPath,
      video_metadata: JSON.stringify(videoMetadata),
      progress: JSON.stringify({ frames_done: frames, frames_total: frames, percent: 100 }),
    },
  });
  lap('finish');
  return { resultPath, thumbnailPath, bytes: out.bytes };
}
