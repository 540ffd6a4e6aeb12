import type { PreflightInput, PreflightItemOutcome, PreflightOutput } from '@rp/common';
import { Context } from '@temporalio/activity';
import { activityLogger } from '@rp/worker-runtime';
import { composeDocument } from '../renderer/compose-document';
import { preflightLayout } from '../renderer/preflight-layout';
import { RenderFailure } from '../renderer/types';
import { placeholderKinds } from '../renderer/warnings/collect-warnings';
import type { RenderActivityDeps } from './deps';
import { requestGuardFor } from './request-guard-for';
import { permanent, toActivityError } from './to-application-failure';

/** One item laid out; a failure the real render would also have (a timeout, a broken template) is the item's error. */
async function preflightItem(deps: RenderActivityDeps, input: PreflightInput, version: any, index: number, signal: AbortSignal): Promise<PreflightItemOutcome> {
  const item = input.items[index]!;
  const modifications = item.modifications ?? [];
  try {
    const document = composeDocument({ html: version.composition_html, width: version.width, height: version.height, placeholders: version.placeholders, modifications });
    const warnings = await preflightLayout(deps.pool, {
      document,
      width: version.width,
      height: version.height,
      guard: requestGuardFor(deps, input.orgId),
      orgId: input.orgId,
      warnFor: placeholderKinds(version.placeholders, modifications),
      timeoutMs: deps.config.PAGE_LOAD_TIMEOUT_MS,
      signal,
    });
    return { index, warnings, error: null };
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
      const version = await deps.db('template_versions')
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
