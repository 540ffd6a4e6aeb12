import sharp from 'sharp';
import type { EngineDecision, EngineDecisionInput, ParitySample } from '@rp/common';
import type { Knex, TemplateVersionRow } from '@rp/db';
import { storageKeys } from '@rp/storage';
import { ApplicationFailure } from '@temporalio/activity';
import { activityLogger } from '@rp/worker-runtime';
import { composeDocument } from '../renderer/compose-document';
import { RenderFailure } from '../renderer/types';
import type { EngineRenderInput, ImageEngine } from '../renderer/engines/image-engine';
import { compareImages, differenceImage, type Rgba } from '../parity/compare-images';
import { decideParity, round } from '../parity/decide-parity';
import { paritySamples } from '../parity/parity-samples';
import { createAssetResolver } from './asset-resolver';
import type { RenderActivityDeps } from './deps';
import { withHeartbeat } from './with-heartbeat';

/** The engines the parity check compares; `native` is null on a worker without the native engine. */
export interface ParityEngines {
  chromium: ImageEngine;
  native: ImageEngine | null;
}

const decode = async (png: Buffer): Promise<Rgba> => {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
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
  const assets = { ssrfGuard: deps.ssrfGuard, resolveAsset: createAssetResolver(deps.db, deps.store, v.org_id) };
  const results: ParitySample[] = [];
  let first: { chromium: Rgba; native: Rgba } | null = null;
  let nativeVersion: string | undefined;
  for (const s of paritySamples(v.placeholders)) {
    const document = composeDocument({ html: v.composition_html, width: v.width, height: v.height, placeholders: v.placeholders, modifications: s.modifications });
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
    const cmp = ci.width === ni.width && ci.height === ni.height ? compareImages(ci, ni) : { ssim: 0, psnr: 0 };
    results.push({ sample: s.name, ssim: round(cmp.ssim, 4), psnr: Number.isFinite(cmp.psnr) ? round(cmp.psnr, 2) : null, chromium_ms: t1 - t0, native_ms: t2 - t1 });
    first ??= { chromium: ci, native: ni };
  }
  return { results, first, nativeVersion };
}

/** Stores the first sample's two renders and their difference view for the studio (docs/studio.md). */
async function storeImages(deps: Deps, v: TemplateVersionRow, first: { chromium: Rgba; native: Rgba }) {
  const key = (which: 'chromium' | 'native' | 'diff') => storageKeys.parityImage(v.org_id, v.template_id, v.version, which);
  const sameSize = first.chromium.width === first.native.width && first.chromium.height === first.native.height;
  const diff = sameSize ? differenceImage(first.chromium, first.native) : first.chromium;
  await Promise.all([
    deps.store.put(key('chromium'), await encodePng(first.chromium), 'image/png'),
    deps.store.put(key('native'), await encodePng(first.native), 'image/png'),
    deps.store.put(key('diff'), await encodePng(diff), 'image/png'),
  ]);
  return { chromium: key('chromium'), native: key('native'), diff: key('diff') };
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
      const { results, first, nativeVersion } = rendered;
      const decision = decideParity(results, nativeVersion);
      if (first && decision.parity) decision.parity.images = await storeImages(deps, v, first);
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
