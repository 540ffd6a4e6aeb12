import { MAX_WARNINGS_PER_RENDER, type PreflightInput, type PreflightItemOutcome, type PreflightOutput, type RenderWarning } from '@rp/workflow-safe';
import { Context } from '@temporalio/activity';
import type { TemplateVersionRow } from '@rp/db';
import { activityLogger } from '@rp/worker-runtime';
import { composeVersion } from '../renderer/compose-document';
import { preflightLayout } from '../renderer/engines/chromium/capture/preflight-layout';
import { RenderFailure } from '../renderer/types';
import { placeholderKinds } from '../renderer/warnings/collect-warnings';
import type { RenderActivityDeps } from './deps';
import { requestGuardFor } from './request-guard-for';
import { permanent, toActivityError } from './to-application-failure';

/** The canvases an item is laid out at: each requested variant (named in its warnings), else the template's size. */
function canvasesOf(input: PreflightInput, version: TemplateVersionRow): Array<{ name: string | null; width: number; height: number }> {
  return input.variants?.length ? input.variants : [{ name: null, width: version.width, height: version.height }];
}

/**
 * One item laid out at every canvas (a name may fit the square and overflow the story); a failure the real render
 * would also have (a timeout, a broken template) is the item's error.
 */
async function preflightItem(deps: RenderActivityDeps, input: PreflightInput, version: TemplateVersionRow, index: number, signal: AbortSignal): Promise<PreflightItemOutcome> {
  const item = input.items[index]!;
  const modifications = item.modifications ?? [];
  const warnings: RenderWarning[] = [];
  try {
    for (const canvas of canvasesOf(input, version)) {
      // the same bound values at every size, as the real render (image-activities.ts renderTarget)
      const document = composeVersion(version, canvas, modifications);
      const found = await preflightLayout(deps.pool, {
        document,
        width: canvas.width,
        height: canvas.height,
        guard: requestGuardFor(deps, input.orgId, version.pinned_resources, modifications),
        orgId: input.orgId,
        warnFor: placeholderKinds(version.placeholders, modifications),
        timeoutMs: deps.config.PAGE_LOAD_TIMEOUT_MS,
        signal,
      });
      warnings.push(...(canvas.name === null ? found : found.map((w) => ({ ...w, message: `[${canvas.name}] ${w.message}` }))));
    }
    return { index, warnings: warnings.slice(0, MAX_WARNINGS_PER_RENDER), error: null };
  } catch (err) {
    if (!(err instanceof RenderFailure) || err.retryable) throw err;
    return { index, warnings: [], error: { code: err.code, message: err.message } };
  }
}

/**
 * Preflight of a collection: every item laid out on the interactive pool, as many at once as it has pages, and
 * its warnings read; no capture, no upload, no row, no event. Heartbeats with the count done.
 */
export function createPreflightActivities(deps: RenderActivityDeps) {
  return {
    async preflightCollection(input: PreflightInput): Promise<PreflightOutput> {
      const started = Date.now();
      const version: TemplateVersionRow | undefined = await deps.db('template_versions')
        .where({ template_id: input.templateId, version: input.templateVersion, org_id: input.orgId })
        .first();
      if (!version) throw permanent('template_invalid', `template version ${input.templateVersion} not found`);
      const ctx = Context.current();
      const out: PreflightItemOutcome[] = new Array(input.items.length);
      let next = 0;
      let done = 0;
      const beat = ctx.info.isLocal ? undefined : setInterval(() => ctx.heartbeat({ done, of: input.items.length }), 2000);
      const lane = async () => {
        for (let i = next++; i < input.items.length; i = next++) {
          out[i] = await preflightItem(deps, input, version, i, ctx.cancellationSignal);
          done++;
        }
      };
      try {
        await Promise.all(Array.from({ length: Math.max(1, Math.min(deps.pool.size, input.items.length)) }, lane));
      } catch (err) {
        throw toActivityError(err);
      } finally {
        clearInterval(beat);
      }
      const durationMs = Date.now() - started;
      activityLogger(deps.logger).info({ preflight_id: input.preflightId, items: input.items.length, ms: durationMs }, 'preflight');
      return { items: out, durationMs };
    },
  };
}
