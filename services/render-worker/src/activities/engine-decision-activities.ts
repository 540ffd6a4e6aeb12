import sharp from 'sharp';
import { resolveVideoSettings, VIDEO_FORMATS, type EngineDecision, type EngineDecisionInput, type EngineParity } from '@rp/workflow-safe';
import type { Knex, TemplateVersionRow } from '@rp/db';
import { storageKeys } from '@rp/storage';
import { ApplicationFailure } from '@temporalio/activity';
import { activityLogger } from '@rp/worker-runtime';
import { RenderFailure } from '../renderer/types';
import type { EngineAssets, ImageEngine } from '../renderer/engines/image-engine';
import type { NativeEngine } from '../renderer/engines/native/image/native-engine';
import type { BrowserPool } from '../renderer/types';
import { totalFramesFor } from '../renderer/video/plan-chunks';
import type { Rgba } from '../parity/compare-images';
import { decideParity } from '../parity/decide-parity';
import { measureParity } from '../parity/measure-parity';
import { measureVideoParity } from '../parity/measure-video-parity';
import { assetsFor } from './request-guard-for';
import type { RenderActivityDeps } from './deps';
import { withHeartbeat } from './with-heartbeat';

/** The engines the parity check compares; `native` is null on a worker without the native engine. */
export interface ParityEngines {
  chromium: ImageEngine;
  /** The pool a video version's Chromium frames are captured on (the chromium engine's). */
  chromiumPool: BrowserPool;
  native: NativeEngine | null;
}

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

/**
 * A video template's samples are instants of its animation (measure-video-parity.ts), an image template's are sets
 * of values (measure-parity.ts); both give figures and images the same way.
 */
function measureSamples(engines: ParityEngines & { native: NativeEngine }, v: TemplateVersionRow, opts: { assets: EngineAssets; timeoutMs: number; signal: AbortSignal }) {
  if (!(VIDEO_FORMATS as readonly string[]).includes(v.format)) return measureParity(engines, v, opts);
  const { fps, duration_seconds } = resolveVideoSettings({}, v.canvas_data, v.format).settings;
  const transparent = v.format === 'webm' && v.canvas_data?.transparent === true;
  return measureVideoParity({ chromiumPool: engines.chromiumPool, native: engines.native }, { ...v, fps, totalFrames: totalFramesFor(duration_seconds, fps), transparent }, opts);
}

async function renderSamples(deps: Deps, engines: ParityEngines & { native: NativeEngine }, v: TemplateVersionRow, signal: AbortSignal) {
  const assets = assetsFor(deps, v.org_id, v.pinned_resources);
  const { samples, nativeVersion } = await measureSamples(engines, v, { assets, timeoutMs: deps.config.PAGE_LOAD_TIMEOUT_MS, signal });
  const images: NonNullable<EngineParity['images']> = {};
  for (const s of samples) images[s.figures.sample] = await storeImages(deps, v, s.figures.sample, s.images);
  return { results: samples.map((s) => s.figures), images, nativeVersion };
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
