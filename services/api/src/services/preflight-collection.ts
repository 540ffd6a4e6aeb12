import crypto from 'node:crypto';
import { countWarnings, declaredVariants, resolveRequestedVariants, type PreflightOutput } from '@rp/workflow-safe';
import { validationFailed, type ErrorDetail } from '@rp/errors';
import { checkCanvasCaps, checkCollectionCaps, loadTemplateForRender, validateModifications, type LoadedTemplate } from '@rp/render-admission';
import type { ApiDeps } from '../deps';
import type { CreateCollectionBody } from './collection-service';
import { checkMetadata } from './render-service';

/** A preflight of 500 items lays each out once; this bounds the wait well above the measured rate (docs/renders.md). */
export const PREFLIGHT_TIMEOUT_MS = 5 * 60_000;

/** The answer to a preflight: per-item warnings, summed; nothing was stored. */
export function preflightResult(loaded: LoadedTemplate, body: CreateCollectionBody, out: PreflightOutput) {
  const items = out.items.map((o) => ({
    index: o.index,
    metadata: body.items[o.index]?.metadata ?? {},
    // what the item would render with (from-people: the mapped values), e.g. for POST /v1/previews
    modifications: body.items[o.index]?.modifications ?? [],
    warnings: o.warnings,
    error: o.error,
  }));
  return {
    object: 'collection_preflight' as const,
    template_id: loaded.template.id as string,
    template_version: loaded.version.version as number,
    total: items.length,
    duration_ms: out.durationMs,
    warnings_count: countWarnings(items.map((i) => i.warnings)),
    items_with_warnings: items.filter((i) => i.warnings.length > 0 || i.error).map((i) => i.index),
    items,
  };
}

/**
 * `"preflight": true` on a collection: the items are checked exactly as a real collection's (422 on the same
 * fields), then laid out on the render workers for their warnings, at every requested size variant. No row, no idempotency record, no pending
 * share, no webhook: only the answer.
 */
export async function preflightCollection(deps: ApiDeps, orgId: string, body: CreateCollectionBody, loadedIn?: LoadedTemplate) {
  const loaded = loadedIn ?? (await loadTemplateForRender(deps.db, orgId, body.template_id));
  const { template, version } = loaded;
  const details: ErrorDetail[] = [...checkMetadata(body.metadata)];
  body.items.forEach((item, i) => {
    details.push(...validateModifications(version.placeholders, item.modifications ?? [], `items[${i}].modifications`));
    details.push(...checkMetadata(item.metadata, `items[${i}].metadata`));
  });
  if (details.length) throw validationFailed(details.slice(0, 100), 'One or more collection items are invalid');
  // the same variant checks as the real collection: a preflight answers 422 where the run would
  const { variants, problems } = resolveRequestedVariants(declaredVariants(version.canvas_data), body.variants ?? []);
  const caps = [...checkCollectionCaps({ template, version }, deps.config), ...problems];
  variants.forEach((v, i) => caps.push(...checkCanvasCaps({ type: 'image', width: v.width, height: v.height }, deps.config, { size: `variants[${i}]`, frames: `variants[${i}]` })));
  if (caps.length) throw validationFailed(caps);
  const input = {
    preflightId: crypto.randomUUID(),
    orgId,
    templateId: template.id,
    templateVersion: version.version,
    items: body.items.map((i) => ({ modifications: i.modifications ?? [] })),
    ...(variants.length ? { variants: variants.map((v) => ({ name: v.name, width: v.width, height: v.height })) } : {}),
  };
  const out: PreflightOutput = await deps.temporal.runPreflight(input, PREFLIGHT_TIMEOUT_MS);
  return preflightResult(loaded, body, out);
}
