import crypto from 'node:crypto';
import { storageKeys } from '@rp/storage';
import { IMAGE_FORMATS, OUTPUT_FILES, type ImageOutputFormat, type ImageRenderOutput } from '@rp/common';
import { composeDocument } from '../renderer/compose-document';
import { chromiumEngineFor } from '../renderer/engines/chromium-engine';
import { engineOfVersion, type EngineRenderOutput, type ImageEngine } from '../renderer/engines/image-engine';
import { thumbnailOf } from '../renderer/encode-outputs';
import type { RenderActivityDeps } from './deps';
import { finishRender, hasSubscribers } from '@rp/db';
import { completeFromCache, loadRenderJob, markRendering, type RenderJob } from './render-rows';
import { permanent } from './to-application-failure';
import { measureRender } from './measure-render';
import { withHeartbeat } from './with-heartbeat';
import { assetsFor } from './request-guard-for';

type NotifyFor = (status: string) => Promise<boolean>;
type StoredImage = Omit<ImageRenderOutput, 'notify'>;

function outputFromRow(row: any, notify: boolean): ImageRenderOutput {
  return {
    resultPath: row.result_path,
    thumbnailPath: row.thumbnail_path,
    imageMetadata: row.image_metadata,
    notify,
  };
}

/**
 * What an earlier attempt or the render cache already settled, so no browser is needed; null when the render
 * must run. A retry after the row was completed (worker died before reporting) must not render again.
 */
async function settledOutcome(deps: RenderActivityDeps, job: RenderJob, notifyFor: NotifyFor): Promise<ImageRenderOutput | null> {
  if (job.status === 'completed') return outputFromRow(job, await notifyFor('completed'));
  if (job.status === 'failed') throw permanent(job.error?.code ?? 'internal_error', job.error?.message ?? 'render failed');
  if (!job.version) throw permanent('template_invalid', `template version ${job.template_version} not found`);
  // a cache hit completes from the source render's stored result, without a browser
  const reused = job.cached_from ? await completeFromCache(deps.db, job) : null;
  return reused ? outputFromRow(reused, await notifyFor('completed')) : null;
}

const imageFormatOf = (format: string) => ((IMAGE_FORMATS as readonly string[]).includes(format) ? format : 'png') as ImageOutputFormat;

function imageMetadataOf(out: EngineRenderOutput, format: ImageOutputFormat) {
  return {
    width: out.width,
    height: out.height,
    format,
    bytes: out.image.length,
    sha256: crypto.createHash('sha256').update(out.image).digest('hex'),
    ...(format === 'pdf' ? { pages: 1 } : {}),
    engine: out.engine,
    engine_version: out.engineVersion,
  };
}

/**
 * The version's decided engine (`template_versions.engine`; anything but `native` is Chromium). A PDF is printed by
 * Chromium whatever the decision. Collection items use the batch browser, single renders the main one.
 */
function engineFor(deps: RenderActivityDeps, job: RenderJob, format: ImageOutputFormat): ImageEngine {
  if (engineOfVersion(job.version) === 'native' && format !== 'pdf') return deps.nativeEngine;
  return chromiumEngineFor(job.collection_id ? deps.batchPool : deps.pool);
}

/** The version's engine renders the composed document; the image and its thumbnail are stored under the render's keys. */
async function renderAndStore(deps: RenderActivityDeps, job: RenderJob): Promise<StoredImage> {
  const { version } = job;
  const format = imageFormatOf(version.format);
  const document = composeDocument({
    html: version.composition_html,
    width: version.width,
    height: version.height,
    placeholders: version.placeholders,
    modifications: job.modifications,
  });
  const item = Boolean(job.collection_id);
  const engine = engineFor(deps, job, format);
  const render = (signal: AbortSignal) =>
    engine.render(
      {
        document,
        width: version.width,
        height: version.height,
        format,
        timeoutMs: deps.config.PAGE_LOAD_TIMEOUT_MS,
        // the network policy of the org's render: the SSRF guard, and asset:// resolved within the org only
        assets: assetsFor(deps, job.org_id),
        orgId: job.org_id,
        transparent: version.canvas_data?.transparent === true,
      },
      signal,
    );
  // a collection item yields the CPU to single renders: a lower-priority browser, and one item at a time while a
  // single render runs (fair share, docs/security.md)
  const out = await withHeartbeat((signal) => (item ? deps.gate.batch(() => render(signal)) : deps.gate.single(() => render(signal))));
  const resultPath = storageKeys.renderResult(job.org_id, job.id, OUTPUT_FILES[format].ext);
  const thumbnailPath = storageKeys.renderThumb(job.org_id, job.id);
  await Promise.all([
    deps.store.put(resultPath, out.image, OUTPUT_FILES[format].contentType),
    deps.store.put(thumbnailPath, out.thumbnail ?? (await thumbnailOf(out.image)), 'image/jpeg'),
  ]);
  return { resultPath, thumbnailPath, imageMetadata: imageMetadataOf(out, format) };
}

/** Completes the row with the stored image; if a concurrent attempt finished first, reports what the row holds. */
async function completeImage(deps: RenderActivityDeps, renderId: string, stored: StoredImage, notifyFor: NotifyFor): Promise<ImageRenderOutput> {
  const { resultPath, thumbnailPath, imageMetadata } = stored;
  const { row } = await finishRender(deps.db, renderId, {
    status: 'completed',
    fields: { result_path: resultPath, thumbnail_path: thumbnailPath, image_metadata: JSON.stringify(imageMetadata) },
  });
  return row?.result_path === resultPath
    ? { ...stored, notify: await notifyFor('completed') }
    : outputFromRow(row, await notifyFor(row?.status ?? 'completed'));
}

/** A render row loaded for an image render, with who hears about its outcome. */
export interface ImageJob {
  job: RenderJob;
  notifyFor: NotifyFor;
}

/** Loads the row of an image render; a render that does not exist is a permanent failure. */
export async function loadImageJob(deps: RenderActivityDeps, renderId: string): Promise<ImageJob> {
  const { db } = deps;
  const job = await loadRenderJob(db, renderId);
  if (!job) throw permanent('render_not_found', `render ${renderId} does not exist`);
  // collection items are reported once, by the collection's own event
  const notifyFor: NotifyFor = (status) =>
    job.collection_id ? Promise.resolve(false) : hasSubscribers(db, job.org_id, `image.${status}`, job.webhook_id);
  return { job, notifyFor };
}

/**
 * One image from its row to a final status: what is already settled answers at once, otherwise Chromium renders,
 * the files are stored and the row completed. The single render activity and the collection batch both run this.
 */
export async function renderImageJob(deps: RenderActivityDeps, { job, notifyFor }: ImageJob): Promise<ImageRenderOutput> {
  const renderId = job.id;
  const settled = await settledOutcome(deps, job, notifyFor);
  if (settled) return settled;
  // the row says `rendering` while Chromium already works: the commit is off the render's critical path
  const marked = markRendering(deps.db, renderId);
  return measureRender(deps, { renderId, kind: 'image', message: 'image render' }, async () => {
    const [stored] = await Promise.all([renderAndStore(deps, job), marked]);
    return completeImage(deps, renderId, stored, notifyFor);
  });
}

export function createImageActivities(deps: RenderActivityDeps) {
  return {
    async renderImage(renderId: string): Promise<ImageRenderOutput> {
      return renderImageJob(deps, await loadImageJob(deps, renderId));
    },
  };
}
