import crypto from 'node:crypto';
import { storageKeys } from '@rp/storage';
import { IMAGE_FORMATS, OUTPUT_FILES, type ImageOutputFormat, type ImageRenderOutput } from '@rp/common';
import { composeDocument } from '../renderer/compose-document';
import { renderImage } from '../renderer/render-image';
import type { RenderActivityDeps } from './deps';
import { finishRender, hasSubscribers } from '@rp/db';
import { completeFromCache, loadRenderJob, markRendering } from './render-rows';
import { permanent, toActivityError } from './to-application-failure';
import { withHeartbeat } from './with-heartbeat';
import { requestGuardFor } from './request-guard-for';
import { activityLogger } from '@rp/worker-runtime';

function outputFromRow(row: any, notify: boolean): ImageRenderOutput {
  return {
    resultPath: row.result_path,
    thumbnailPath: row.thumbnail_path,
    imageMetadata: row.image_metadata,
    notify,
  };
}

// Longer than 60 lines on purpose: a factory whose body is the activities it returns, each a function of its own.
export function createImageActivities(deps: RenderActivityDeps) {
  const { db, store, pool, config } = deps;
  return {
    async renderImage(renderId: string): Promise<ImageRenderOutput> {
      const job = await loadRenderJob(db, renderId);
      if (!job) throw permanent('render_not_found', `render ${renderId} does not exist`);
      const notifyFor = (status: string) =>
        job.collection_id ? Promise.resolve(false) : hasSubscribers(db, job.org_id, `image.${status}`, job.webhook_id);
      // a retry after the row was completed (worker died before reporting) must not render again
      if (job.status === 'completed') return outputFromRow(job, await notifyFor('completed'));
      if (job.status === 'failed') throw permanent(job.error?.code ?? 'internal_error', job.error?.message ?? 'render failed');
      if (!job.version) throw permanent('template_invalid', `template version ${job.template_version} not found`);
      // a cache hit completes from the source render's stored result, without a browser
      const reused = job.cached_from ? await completeFromCache(db, job) : null;
      if (reused) return outputFromRow(reused, await notifyFor('completed'));
      await markRendering(db, renderId);

      const started = process.hrtime.bigint();
      let outcome = 'completed';
      try {
        const { version } = job;
        const format = ((IMAGE_FORMATS as readonly string[]).includes(version.format) ? version.format : 'png') as ImageOutputFormat;
        const document = composeDocument({
          html: version.composition_html,
          width: version.width,
          height: version.height,
          placeholders: version.placeholders,
          modifications: job.modifications,
        });
        const out = await withHeartbeat((signal) =>
          renderImage(pool, {
            document,
            width: version.width,
            height: version.height,
            format,
            timeoutMs: config.PAGE_LOAD_TIMEOUT_MS,
            guard: requestGuardFor(deps, job.org_id),
            transparent: version.canvas_data?.transparent === true,
            signal,
          }),
        );
        const resultPath = storageKeys.renderResult(job.org_id, renderId, OUTPUT_FILES[format].ext);
        const thumbnailPath = storageKeys.renderThumb(job.org_id, renderId);
        await Promise.all([
          store.put(resultPath, out.image, OUTPUT_FILES[format].contentType),
          store.put(thumbnailPath, out.thumbnail, 'image/jpeg'),
        ]);
        const imageMetadata = {
          width: out.width,
          height: out.height,
          format,
          bytes: out.image.length,
          sha256: crypto.createHash('sha256').update(out.image).digest('hex'),
          ...(format === 'pdf' ? { pages: 1 } : {}),
        };
        const { row } = await finishRender(db, renderId, {
          status: 'completed',
          fields: { result_path: resultPath, thumbnail_path: thumbnailPath, image_metadata: JSON.stringify(imageMetadata) },
        });
        // if a concurrent attempt finished first, report what the row holds
        return row?.result_path === resultPath
          ? { resultPath, thumbnailPath, imageMetadata, notify: await notifyFor('completed') }
          : outputFromRow(row, await notifyFor(row?.status ?? 'completed'));
      } catch (err) {
        outcome = 'failed';
        throw toActivityError(err);
      } finally {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        deps.metrics.renderDuration.observe({ kind: 'image', outcome }, seconds);
        activityLogger(deps.logger).info({ render_id: renderId, outcome, ms: Math.round(seconds * 1000) }, 'image render');
      }
    },
  };
}
