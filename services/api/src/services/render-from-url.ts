import type { Readable } from 'node:stream';
import type { Modification, Placeholder } from '@rp/workflow-safe';
import type { Knex } from '@rp/db';
import { AppError, validationFailed, type ErrorDetail } from '@rp/errors';
import { assertPendingCapacity, checkCanvasCaps, loadTemplateForRender, pendingRenderRow, validateModifications, type LoadedTemplate } from '@rp/render-admission';
import type { ApiDeps } from '../deps';
import { canonicalRenderUrl, verifyRenderUrlSignature } from './render-url-signature';
import { findCachedRender, renderCacheKey } from './render-cache';
import { findUrlKey } from './url-key-service';
import { startOrRollback, waitForRender } from './render-service';

/** Cache lifetime of a rendered URL without `exp`: its bytes never change (the URL pins the modifications). */
export const RENDER_URL_MAX_AGE = 31_536_000;
const RESERVED = new Set(['sig', 'exp']);
const EXT_FORMAT: Record<string, string> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', webp: 'webp' };
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

export interface RenderUrlRequest {
  keyId: string;
  /** `<template_id>.<ext>` as in the path. */
  file: string;
  /** The query parameters, decoded, in order. */
  params: [string, string][];
  ifNoneMatch?: string;
}

export interface RenderUrlResponse {
  status: 200 | 304;
  contentType: string;
  etag: string;
  maxAge: number;
  /** Whether a stored result of an earlier identical render answered (no render ran). */
  cached: boolean;
  renderId: string;
  body: Readable | null;
}

const forbidden = (code: string, message: string) => new AppError(403, code, message);

/** The org the URL speaks for: its key must exist and be live, the signature must match and `exp` must not have passed. */
async function authorize(db: Knex, req: RenderUrlRequest): Promise<{ orgId: string; maxAge: number }> {
  const key = await findUrlKey(db, req.keyId);
  if (!key) throw forbidden('invalid_signature', 'The render URL signature is invalid');
  if (key.revoked_at) throw forbidden('url_key_revoked', 'The URL key that signed this URL was revoked');
  const sig = req.params.find(([k]) => k === 'sig')?.[1] ?? '';
  const canonical = canonicalRenderUrl(`/u/${req.keyId}/${req.file}`, req.params);
  if (!verifyRenderUrlSignature(key.secret, canonical, sig)) throw forbidden('invalid_signature', 'The render URL signature is invalid');
  const exp = req.params.find(([k]) => k === 'exp')?.[1];
  if (exp === undefined) return { orgId: key.org_id, maxAge: RENDER_URL_MAX_AGE };
  const left = Number(exp) - Math.floor(Date.now() / 1000);
  if (!/^\d{1,12}$/.test(exp) || left <= 0) throw forbidden('url_expired', 'The render URL has expired');
  return { orgId: key.org_id, maxAge: Math.min(RENDER_URL_MAX_AGE, left) };
}

/** Each query parameter sets the placeholder of its name with the value field of the placeholder's type. */
export function modificationsFromQuery(placeholders: Placeholder[], params: [string, string][]): Modification[] {
  const byName = new Map(placeholders.map((p) => [p.name, p]));
  const details: ErrorDetail[] = [];
  const mods: Modification[] = [];
  for (const [name, value] of params) {
    if (RESERVED.has(name)) continue;
    const ph = byName.get(name);
    if (!ph) {
      details.push({ field: name, message: `"${name}" is not a placeholder of this template` });
      continue;
    }
    const m: Modification = { name };
    if (ph.type === 'text') m.text = value;
    else if (ph.type === 'image') m.image_url = value;
    else if (ph.type === 'color') m.color = value;
    else m.number = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : (value as unknown as number);
    for (const d of validateModifications(placeholders, [...mods, m])) if (d.field.startsWith(`modifications[${mods.length}]`)) details.push({ field: name, message: d.message });
    mods.push(m);
  }
  if (details.length) throw validationFailed(details, 'Invalid render URL parameters');
  return mods;
}

/** No stored result yet: render now, holding the request until it is done (URL_RENDER_WAIT_SECONDS at most). */
async function renderNow(deps: ApiDeps, orgId: string, keyId: string, loaded: LoadedTemplate, modifications: Modification[], cacheKey: string) {
  const { version } = loaded;
  const sizes = checkCanvasCaps({ type: 'image', width: version.width, height: version.height }, deps.config, { size: 'template_id', frames: 'template_id' });
  if (sizes.length) throw validationFailed(sizes);
  // the same admission as POST /v1/images: a signed URL is no way around the org's pending cap
  const renderId = await deps.db.transaction(async (trx) => {
    await assertPendingCapacity(trx, orgId, 1, deps.config);
    const metadata = { source: 'render_url', url_key_id: keyId };
    const [row] = await trx('renders').insert({ ...pendingRenderRow(orgId, loaded, { modifications, metadata }), cache_key: cacheKey }).returning('id');
    return row.id as string;
  });
  const input = { renderId, orgId, kind: 'image' as const, templateId: loaded.template.id as string };
  await startOrRollback(deps, () => deps.temporal.startRender(input), { table: 'renders', id: input.renderId });
  await waitForRender(deps, input.renderId, deps.config.URL_RENDER_WAIT_SECONDS);
  const done = await deps.db('renders').where({ id: input.renderId }).first();
  if (done.status === 'failed') throw new AppError(502, done.error?.code ?? 'render_failed', done.error?.message ?? 'The render failed');
  if (done.status !== 'completed') {
    throw new AppError(504, 'render_timeout', 'The render is still running; request the URL again shortly', { headers: { 'Retry-After': '5' } });
  }
  return done;
}

/**
 * GET /u/{key_id}/{template_id}.{ext}: verifies the URL, then answers the stored result of an identical completed
 * render of the org (the render cache) or renders synchronously. The template is looked up in the key's org only.
 */
export async function renderFromUrl(deps: ApiDeps, req: RenderUrlRequest): Promise<RenderUrlResponse> {
  const { orgId, maxAge } = await authorize(deps.db, req);
  const dot = req.file.lastIndexOf('.');
  const loaded = await loadTemplateForRender(deps.db, orgId, req.file.slice(0, dot), 'image');
  const format = EXT_FORMAT[req.file.slice(dot + 1).toLowerCase()];
  if (format !== loaded.version.format) {
    throw validationFailed([{ field: 'template_file', message: `the template renders ${loaded.version.format}; use that extension` }]);
  }
  const modifications = modificationsFromQuery(loaded.version.placeholders, req.params);
  const cacheKey = renderCacheKey(orgId, loaded.version, modifications);
  const hit = await findCachedRender(deps.db, orgId, cacheKey);
  const row = hit ?? (await renderNow(deps, orgId, req.keyId, loaded, modifications, cacheKey));
  const etag = `"${row.image_metadata?.sha256 ?? row.id}"`;
  const common = { contentType: CONTENT_TYPES[format]!, etag, maxAge, cached: !!hit, renderId: row.id as string };
  if (req.ifNoneMatch && req.ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return { ...common, status: 304, body: null };
  }
  return { ...common, status: 200, body: await deps.store.getStream(row.result_path) };
}
