import { storageKeys } from '@rp/storage';
import { engineFor, IMAGE_FORMATS, OUTPUT_FILES, type ImageOutputFormat, type ImageRenderOutput } from '@rp/workflow-safe';
import { composeVersion } from '../renderer/compose-document';
import { chromiumEngineFor } from '../renderer/engines/chromium/capture/chromium-engine';
import type { EngineRenderOutput, ImageEngine } from '../renderer/engines/image-engine';
import { thumbnailOf } from '../renderer/encode-outputs';
import type { RenderActivityDeps } from './deps';
import { finishRender, type RenderRow } from '@rp/db';
import { completeFromCache, loadRenderJob, notifyFor, throwIfFailed, type NotifyFor, type RenderJob } from './render-rows';
import { permanent } from './to-application-failure';
import { measureRender } from './measure-render';
import { withHeartbeat } from './with-heartbeat';
import { assetsFor } from './request-guard-for';
import { pinnedProvenance } from './render-provenance';
import { placeholderKinds } from '../renderer/warnings/collect-warnings';
import { buildProvenance, fontPackageVersions, sha256 } from './render-provenance';

type StoredImage = Omit<ImageRenderOutput, 'notify'>;

/** A completed image row's outcome: its files and the image_metadata stored with them (completeImage). */
function outputFromRow(row: RenderRow, notify: boolean): ImageRenderOutput {
  return {
    resultPath: row.result_path!,
    thumbnailPath: row.thumbnail_path!,
    imageMetadata: row.image_metadata as ImageRenderOutput['imageMetadata'],
    notify,
  };
}

/**
 * What an earlier attempt or the render cache already settled, so no browser is needed; null when the render
 * must run. A retry after the row was completed (worker died before reporting) must not render again.
 */
async function settledOutcome(deps: RenderActivityDeps, job: RenderJob, notifyFor: NotifyFor): Promise<ImageRenderOutput | null> {
  if (job.status === 'completed') return outputFromRow(job, await notifyFor('completed'));
  throwIfFailed(job);
  if (!job.version) throw permanent('template_invalid', `template version ${job.template_version} not found`);
  // a cache hit completes from the source render's stored result, without a browser
  const reused = await completeFromCache(deps.db, job);
  return reused ? outputFromRow(reused, await notifyFor('completed')) : null;
}

const imageFormatOf = (format: string) => ((IMAGE_FORMATS as readonly string[]).includes(format) ? format : 'png') as ImageOutputFormat;

/** What image_metadata records: the file, its warnings (never a failure) and what made it (provenance). */
async function imageMetadataOf(out: EngineRenderOutput, format: ImageOutputFormat, job: RenderJob, document: string, imageSha256: string) {
  const provenance = buildProvenance({
    template_id: job.template_id,
    template_version: job.template_version,
    document_sha256: sha256(document),
    engine: out.engine,
    engine_version: out.engineVersion,
    chromium_version: out.engine === 'chromium' ? out.engineVersion.replace(/^chromium ?/, '') || null : null,
    fonts: await fontPackageVersions(),
    assets: out.fetchedAssets ?? [],
    ...pinnedProvenance(job.version.pinned_resources),
  });
  return {
    width: out.width,
    height: out.height,
    format,
    bytes: out.image.length,
    sha256: imageSha256,
    ...(format === 'pdf' ? { pages: 1 } : {}),
    engine: out.engine,
    engine_version: out.engineVersion,
    warnings: out.warnings ?? [],
    provenance,
  };
}

/** One canvas to render: the template's own, or one of its size variants (stored under the variant's keys). */
interface Target {
  variant: string | null;
  width: number;
  height: number;
  format: ImageOutputFormat;
  resultPath: string;
  thumbnailPath: string;
}

function targetsOf(job: RenderJob): Target[] {
  const { version } = job;
  if (!job.variants?.length) {
    const format = imageFormatOf(version.format);
    const resultPath = storageKeys.renderResult(job.org_id, job.id, OUTPUT_FILES[format].ext);
    return [{ variant: null, width: version.width, height: version.height, format, resultPath, thumbnailPath: storageKeys.renderThumb(job.org_id, job.id) }];
  }
  return job.variants.map((v) => {
    const format = imageFormatOf(v.format ?? version.format);
    return {
      variant: v.name,
      width: v.width,
      height: v.height,
      format,
      resultPath: storageKeys.renderVariant(job.org_id, job.id, v.name, OUTPUT_FILES[format].ext),
      thumbnailPath: storageKeys.renderVariantThumb(job.org_id, job.id, v.name),
    };
  });
}

/**
 * The version's decided engine (`template_versions.engine`; anything but `native` is Chromium). A PDF is printed by
 * Chromium whatever the decision. Collection items use the batch browser, single renders the main one.
 */
function imageEngineFor(deps: RenderActivityDeps, job: RenderJob, format: ImageOutputFormat): ImageEngine {
  if (engineFor(job.version, format === 'pdf' ? 'pdf' : 'image') === 'native') return deps.nativeEngine;
  return chromiumEngineFor(job.collection_id ? deps.batchPool : deps.pool);
}

/** The version's engine renders the composed document at one target's size; the image and its thumbnail are stored. */
async function renderTarget(deps: RenderActivityDeps, job: RenderJob, t: Target) {
  const { version } = job;
  // the same bound values at every size: only the canvas differs
  const document = composeVersion(version, t, job.modifications);
  const item = Boolean(job.collection_id);
  const engine = imageEngineFor(deps, job, t.format);
  const render = (signal: AbortSignal) =>
    engine.render(
      {
        document,
        width: t.width,
        height: t.height,
        format: t.format,
        timeoutMs: deps.config.PAGE_LOAD_TIMEOUT_MS,
        // the network policy of the org's render: the SSRF guard, and asset:// resolved within the org only
        assets: assetsFor(deps, job.org_id, version.pinned_resources, job.modifications),
        orgId: job.org_id,
        transparent: version.canvas_data?.transparent === true,
        warnFor: placeholderKinds(version.placeholders, job.modifications),
      },
      signal,
    );
  // a collection item yields the CPU to single renders: a lower-priority browser, and one item at a time while a
  // single render runs (fair share, docs/security.md)
  const out = await withHeartbeat((signal) => (item ? deps.gate.batch(() => render(signal)) : deps.gate.single(() => render(signal))));
  // hashed once: image_metadata records it and the upload is signed with it
  const imageSha256 = sha256(out.image);
  await Promise.all([
    deps.store.put(t.resultPath, out.image, OUTPUT_FILES[t.format].contentType, { sha256: imageSha256 }),
    deps.store.put(t.thumbnailPath, out.thumbnail ?? (await thumbnailOf(out.image)), 'image/jpeg'),
  ]);
  return imageMetadataOf(out, t.format, job, document, imageSha256);
}

/**
 * Renders every target one after another (variants share the page pool like separate renders would). The row's
 * result is the first target's; with variants, image_metadata.outputs lists each and the warnings name their variant.
 */
async function renderAndStore(deps: RenderActivityDeps, job: RenderJob): Promise<StoredImage> {
  const targets = targetsOf(job);
  const metas: Array<Awaited<ReturnType<typeof imageMetadataOf>>> = [];
  for (const t of targets) metas.push(await renderTarget(deps, job, t));
  const [first] = targets;
  if (!job.variants?.length) return { resultPath: first!.resultPath, thumbnailPath: first!.thumbnailPath, imageMetadata: metas[0]! };
  const outputs = targets.map((t, i) => {
    const { warnings: _w, provenance: _p, ...file } = metas[i]!;
    return { variant: t.variant, ...file, result_path: t.resultPath, thumbnail_path: t.thumbnailPath };
  });
  const warnings = targets.flatMap((t, i) => metas[i]!.warnings.map((w) => ({ ...w, message: `[${t.variant}] ${w.message}` })));
  const imageMetadata = { ...metas[0]!, warnings, outputs };
  return { resultPath: first!.resultPath, thumbnailPath: first!.thumbnailPath, imageMetadata };
}

/** Completes the row with the stored image; if a concurrent attempt finished first, reports what the row holds. */
async function completeImage(deps: RenderActivityDeps, job: RenderJob, stored: StoredImage, notifyFor: NotifyFor): Promise<ImageRenderOutput> {
  const { resultPath, thumbnailPath, imageMetadata } = stored;
  const { row, subscribed } = await finishRender(deps.db, job.id, {
    status: 'completed',
    // a single image: one statement, not a transaction (collection items count into their collection)
    single: !job.collection_id,
    fields: { result_path: resultPath, thumbnail_path: thumbnailPath, image_metadata: JSON.stringify(imageMetadata) },
  });
  if (!row) throw permanent('render_not_found', `render ${job.id} does not exist`);
  // a concurrent attempt finished first: report what the row holds (a failed row fails this attempt the same way)
  if (row.result_path !== resultPath) return throwIfFailed(row), outputFromRow(row, await notifyFor(row.status));
  // the single statement already read whether anyone listens; a collection item is reported by its collection
  return { ...stored, notify: subscribed ?? (await notifyFor('completed')) };
}

/**
 * One image from its row to a final status: what is already settled answers at once, otherwise the version's engine
 * renders, the files are stored and the row completed.
 */
async function renderImageRow(deps: RenderActivityDeps, renderId: string): Promise<ImageRenderOutput> {
  // marked `rendering` in the same round trip: the row then says so while the engine works
  const job = await loadRenderJob(deps.db, renderId, { markRendering: true });
  if (!job) throw permanent('render_not_found', `render ${renderId} does not exist`);
  const notify = notifyFor(deps.db, job);
  const settled = await settledOutcome(deps, job, notify);
  if (settled) return settled;
  return measureRender(deps, { renderId, kind: 'image', message: 'image render' }, async () => {
    const stored = await renderAndStore(deps, job);
    return completeImage(deps, job, stored, notify);
  });
}

export function createImageActivities(deps: RenderActivityDeps) {
  return {
    /** A single image or a collection's image item (a local activity either way, activity-proxies.ts). */
    renderImage: (renderId: string): Promise<ImageRenderOutput> => renderImageRow(deps, renderId),
  };
}
