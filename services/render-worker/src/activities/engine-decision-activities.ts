import sharp from 'sharp';
import type { EngineDecision, EngineDecisionInput, EngineParity, ParitySample } from '@rp/workflow-safe';
import type { Knex, TemplateVersionRow } from '@rp/db';
import { storageKeys } from '@rp/storage';
import { ApplicationFailure } from '@temporalio/activity';
import { activityLogger } from '@rp/worker-runtime';
import { composeVersion } from '../renderer/compose-document';
import { RenderFailure } from '../renderer/types';
import type { EngineRenderInput, ImageEngine } from '../renderer/engines/image-engine';
import { compareImages, differenceImage, type Rgba } from '../parity/compare-images';
import { decideParity, round } from '../parity/decide-parity';
import { paritySamples } from '../parity/parity-samples';
import { assetsFor } from './request-guard-for';
import type { RenderActivityDeps } from './deps';
import { withHeartbeat } from './with-heartbeat';

/** The engines the parity check compares; `native` is null on a worker without the native engine. */
export interface ParityEngines {
  chromium: ImageEngine;
  native: ImageEngine | null;
}

/**
 * Renders larger than this are compared (and stored for the studio) scaled down to it, both the same way: the
 * metric's working set is about 60 bytes a pixel, so a 4096x4096 canvas at full size would take a gigabyte of the
 * batch process, and SSIM is customarily computed on a downsampled image at that size anyway.
 */
export const PARITY_MAX_PIXELS = 2_000_000;

const decode = async (png: Buffer): Promise<Rgba> => {
  const img = sharp(png);
  const { width = 0, height = 0 } = await img.metadata();
  const scale = Math.min(1, Math.sqrt(PARITY_MAX_PIXELS / Math.max(1, width * height)));
  if (scale < 1) img.resize(Math.max(1, Math.floor(width * scale)), Math.max(1, Math.floor(height * scale)), { fit: 'fill' });
  const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

const encodePng = (img: Rgba) => sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } }).png().toBuffer();

/**
 * Writes a decision on the version, and on its template when that version is still the current one (the template's
 * copy, migration 20261124210000). Only a pending decision is replaced, so a retried or re-driven check never
 * overwrites one already made. Answers whether it wrote.
 */
export async function recordDecision(db: Knex, input: EngineDecisionInput, d: EngineDecision): Promise<boolean> {
  const values = { engine: d.engine, engine_reason: d.reason, engine_parity: d.parity == null ? null : JSON.stringify(d.parity) };
  return db.transaction(async (trx) => {
    const n = await trx('template_versions')
      .where({ org_id: input.orgId, template_id: input.templateId, version: input.version, engine_reason: 'parity_pending' })
      .update(values);
    await trx('templates')
      .where({ org_id: input.orgId, id: input.templateId, current_version: input.version, engine_reason: 'parity_pending' })
      .update(values);
    return n > 0;
  });
}

type Deps = Pick<RenderActivityDeps, 'db' | 'store' | 'ssrfGuard' | 'config' | 'logger'>;

async function renderSamples(deps: Deps, engines: ParityEngines & { native: ImageEngine }, v: TemplateVersionRow, signal: AbortSignal) {
  const assets = assetsFor(deps, v.org_id);
  const results: ParitySample[] = [];
  const images: NonNullable<EngineParity['images']> = {};
  let nativeVersion: string | undefined;
  for (const s of paritySamples(v.placeholders)) {
    const document = composeVersion(v, v, s.modifications);
    const input: EngineRenderInput = {
      document, width: v.width, height: v.height, format: 'png', thumbnailWidth: 0, orgId: v.org_id,
      timeoutMs: deps.config.PAGE_LOAD_TIMEOUT_MS, assets,
    };
    const t0 = Date.now();
    const c = await engines.chromium.render(input, signal);
    const t1 = Date.now();
    const n = await engines.native.render(input, signal);
    const t2 = Date.now();
    nativeVersion = n.engineVersion;
    const [ci, ni] = await Promise.all([decode(c.image), decode(n.image)]);
    // an engine that drew another size than asked differs everywhere: zero similarity rather than an error
    const sameSize = ci.width === ni.width && ci.height === ni.height;
    const cmp = sameSize ? compareImages(ci, ni) : { ssim: 0, psnr: 0 };
    results.push({ sample: s.name, ssim: round(cmp.ssim, 4), psnr: Number.isFinite(cmp.psnr) ? round(cmp.psnr, 2) : null, chromium_ms: t1 - t0, native_ms: t2 - t1 });
    images[s.name] = await storeImages(deps, v, s.name, { chromium: ci, native: ni, diff: sameSize ? differenceImage(ci, ni) : ci });
  }
  return { results, images, nativeVersion };
}

/** Stores a sample's two renders and their difference view for the studio (docs/studio.md). */
async function storeImages(deps: Deps, v: TemplateVersionRow, sample: string, imgs: Record<'chromium' | 'native' | 'diff', Rgba>) {
  const key = (which: 'chromium' | 'native' | 'diff') => storageKeys.parityImage(v.org_id, v.template_id, v.version, sample, which);
  const out = { chromium: key('chromium'), native: key('native'), diff: key('diff') };
  await Promise.all((['chromium', 'native', 'diff'] as const).map(async (w) => deps.store.put(out[w], await encodePng(imgs[w]), 'image/png')));
  return out;
}

/**
 * The parity check of one version (docs/engines.md): renders each sample through both engines, compares them
 * (SSIM, PSNR) and records the decision. A version no longer pending (decided already, or a forced mode) is left
 * as it is; a version that does not exist fails for good.
 */
export function createEngineDecisionActivities(deps: Deps, engines: ParityEngines) {
  return {
    async decideEngine(input: EngineDecisionInput): Promise<EngineDecision> {
      const v: TemplateVersionRow | undefined = await deps.db('template_versions')
        .where({ org_id: input.orgId, template_id: input.templateId, version: input.version })
        .first();
      if (!v) throw ApplicationFailure.nonRetryable(`template version ${input.templateId}@${input.version} not found`, 'not_found');
      const current = { engine: v.engine, reason: v.engine_reason ?? 'legacy', parity: v.engine_parity };
      if (v.engine_reason !== 'parity_pending') return current;
      if (!engines.native) {
        const d: EngineDecision = { engine: 'chromium', reason: 'native_unavailable', parity: null };
        await recordDecision(deps.db, input, d);
        return d;
      }
      const native = engines.native;
      const started = Date.now();
      let rendered: Awaited<ReturnType<typeof renderSamples>>;
      try {
        rendered = await withHeartbeat((signal) => renderSamples(deps, { ...engines, native }, v, signal));
      } catch (err) {
        // a permanent render failure of a sample (a missing asset, a timeout, a native panic) decides for Chromium;
        // anything else (Postgres, MinIO, a lost browser) is retried by Temporal
        if (!(err instanceof RenderFailure) || err.retryable) throw err;
        const d: EngineDecision = { engine: 'chromium', reason: `parity_error:${err.code}`, parity: null };
        await recordDecision(deps.db, input, d);
        return d;
      }
      const { results, images, nativeVersion } = rendered;
      const decision = decideParity(results, nativeVersion);
      if (decision.parity) decision.parity.images = images;
      await recordDecision(deps.db, input, decision);
      activityLogger(deps.logger).info({ template_id: v.template_id, version: v.version, ...decision, ms: Date.now() - started }, 'engine decided');
      return decision;
    },
    /** The workflow's last word when the check itself failed (retries spent): Chromium, with the reason. */
    async recordEngineDecision(input: EngineDecisionInput, decision: EngineDecision): Promise<void> {
      await recordDecision(deps.db, input, decision);
    },
  };
}
