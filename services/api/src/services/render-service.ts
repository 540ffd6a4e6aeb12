import { declaredVariants, resolveRequestedVariants, resolveVideoSettings, type AudioTrack, type Modification, type RenderKind } from '@rp/workflow-safe';
import type { CapsConfig } from '@rp/config';
import { ensureImplicitWebhook, isFinal, type Knex, type RenderRow, type TemplateVersionRow } from '@rp/db';
import { notFound, validationFailed, type ErrorDetail } from '@rp/errors';
import type { ApiDeps } from '../deps';
import { admissionError, admittedOrgId, checkCanvasCaps, loadTemplateForRender, pendingRenderRow, validateModifications } from '@rp/render-admission';
import { checkVideoOutput } from './check-video-output';
import { createIdempotently } from './idempotency';
import { keysetPage, type Page, type PageQuery } from './keyset-page';
import { findCachedRender, renderCacheKey } from './render-cache';

const METADATA_LIMIT = 16 * 1024;

export function checkMetadata(metadata: unknown, field = 'metadata'): ErrorDetail[] {
  if (metadata === undefined) return [];
  return JSON.stringify(metadata).length > METADATA_LIMIT ? [{ field, message: `must serialize to at most ${METADATA_LIMIT} bytes` }] : [];
}

export interface CreateRenderBody {
  template_id: string;
  modifications?: Modification[];
  webhook_url?: string;
  metadata?: Record<string, unknown>;
  duration_seconds?: number;
  fps?: number;
  audio?: AudioTrack;
  /** Images: reuse the stored result of an identical completed render of the org when there is one. */
  cache?: boolean;
  variants?: string[];
}

/** What a create asks for, HTTP already taken apart. */
export interface CreateRenderRequest {
  orgId: string;
  kind: RenderKind;
  body: CreateRenderBody;
  idempotencyKey: string | null;
  /** Prefer: wait=N: hold up to N seconds for the render to finish (0 = answer at once). */
  waitSeconds: number;
}

/** Checks a request against its template version; answers the columns the row adds (video settings, cache). */
async function checkRenderRequest(db: Knex, orgId: string, version: TemplateVersionRow, kind: RenderKind, body: CreateRenderBody, caps: CapsConfig) {
  const modifications = body.modifications ?? [];
  const details = [...validateModifications(version.placeholders, modifications), ...checkMetadata(body.metadata)];
  if (kind === 'video') {
    const { settings, problems } = resolveVideoSettings(body, version.canvas_data, version.format);
    details.push(...problems);
    if (!details.length) {
      const frames = body.duration_seconds !== undefined ? 'duration_seconds' : body.fps !== undefined ? 'fps' : 'template_id';
      details.push(...checkCanvasCaps({ type: kind, width: version.width, height: version.height, fps: settings.fps, duration_seconds: settings.duration_seconds }, caps, { size: 'template_id', frames }));
    }
    details.push(...(await checkVideoOutput(db, orgId, { format: version.format, fps: settings.fps, duration: settings.duration_seconds, audio: body.audio })));
    if (details.length) throw validationFailed(details);
    return { ...settings, width: version.width, height: version.height, audio: body.audio ? JSON.stringify(body.audio) : null };
  }
  details.push(...checkCanvasCaps({ type: kind, width: version.width, height: version.height }, caps, { size: 'template_id', frames: 'template_id' }));
  const { variants, problems } = resolveRequestedVariants(declaredVariants(version.canvas_data), body.variants ?? []);
  details.push(...problems);
  variants.forEach((v, i) => details.push(...checkCanvasCaps({ type: 'image', width: v.width, height: v.height }, caps, { size: `variants[${i}]`, frames: `variants[${i}]` })));
  if (details.length) throw validationFailed(details);
  // a variant render is never served from (nor offered to) the single-output render cache
  if (variants.length) return { variants: JSON.stringify(variants), cache_key: null, cached_from: null };
  return imageCacheFields(db, orgId, version, modifications, body.cache === true);
}

/** Validates, stores and starts one render; answers the row and whether it is final (after a wait). */
export async function createRender(deps: ApiDeps, req: CreateRenderRequest): Promise<{ row: RenderRow; final: boolean }> {
  const { db } = deps;
  const { orgId, kind, body } = req;
  const loaded = await loadTemplateForRender(db, orgId, body.template_id, kind);
  const { template, version } = loaded;
  const extraFields = await checkRenderRequest(db, orgId, version, kind, body, deps.config);
  const { id, replayed } = await createIdempotently(
    db,
    // without a webhook_url the row is one INSERT that also takes the org's lock and checks its pending cap
    { orgId, route: `POST /v1/${kind}s`, key: req.idempotencyKey, body, resourceType: kind, oneStatement: !body.webhook_url },
    async (q) => {
      const webhookId = body.webhook_url ? await ensureImplicitWebhook(q, orgId, body.webhook_url) : null;
      const [row] = await q('renders')
        .insert({
          ...pendingRenderRow(orgId, loaded, body),
          org_id: admittedOrgId(q, orgId, 1, deps.config),
          webhook_url: body.webhook_url ?? null,
          webhook_id: webhookId,
          ...extraFields,
        })
        .returning('id')
        .catch((err: unknown) => {
          throw admissionError(err, 1, deps.config);
        });
      return row.id as string;
    },
  );
  const read = (): Promise<RenderRow> => db('renders').where({ id, org_id: orgId }).first();
  // without a wait the answer is the render as accepted, read before its workflow can move it (like collections)
  let row: RenderRow | null = !replayed && req.waitSeconds === 0 ? await read() : null;
  // a new render's wait is registered before its workflow starts, so its NOTIFY is enough (no look at the row)
  const wait = req.waitSeconds > 0 && !replayed ? deps.finalRenders.expect(id) : null;
  if (!replayed) {
    const input = { renderId: id, orgId, kind, templateId: template.id };
    await startOrRollback(deps, () => deps.temporal.startRender(input), { table: 'renders', id }).catch((err: unknown) => {
      wait?.cancel();
      throw err;
    });
  }
  if (wait) await wait.wait(rowFinal(deps, id), req.waitSeconds * 1000);
  else if (req.waitSeconds > 0) await waitForRender(deps, id, req.waitSeconds);
  row ??= await read();
  return { row, final: isFinal(row.status) };
}

/**
 * Every image render records its cache key, so a later identical request can reuse it; with `reuse` the new record
 * names the newest completed identical render as `cached_from` and its workflow completes by copying that result.
 */
async function imageCacheFields(db: Knex, orgId: string, version: TemplateVersionRow, modifications: Modification[], reuse: boolean) {
  const cache_key = renderCacheKey(orgId, version, modifications);
  const hit = reuse ? await findCachedRender(db, orgId, cache_key) : undefined;
  return { cache_key, cached_from: hit?.id ?? null };
}

/**
 * The row is committed before its workflow starts. If the workflow engine cannot take the start (the gateway's 503), the
 * row is removed and the client gets that 503 (it was never accepted); a crash between the two is repaired by the render
 * worker's sweeper, which starts workflows for old pending rows (ids are derived, so never twice).
 * The row's Idempotency-Key goes with it, in one transaction: a 503 says "retry", and a retry with the same key must
 * create the resource again, not replay an id whose row is gone (the replay could only answer 500).
 * A row no longer pending was taken after all (the start's answer was lost), so it and its key stay.
 * Shared by renders and collections.
 */
export async function startOrRollback(deps: ApiDeps, start: () => Promise<unknown>, rollback: { table: string; id: string }) {
  try {
    await start();
  } catch (err) {
    await deps.db
      .transaction(async (trx) => {
        const removed = await trx(rollback.table).where({ id: rollback.id, status: 'pending' }).del();
        if (removed) await trx('idempotency_keys').where({ resource_id: rollback.id }).del();
      })
      .catch(() => undefined);
    throw err;
  }
}

/** Holds until the render's row is final (its NOTIFY, see createFinalRenderListener) or `seconds` pass. */
export async function waitForRender(deps: ApiDeps, id: string, seconds: number): Promise<void> {
  await deps.finalRenders.waitFor(id, rowFinal(deps, id), seconds * 1000);
}

/** Whether the render's row is final: the wait's look when no NOTIFY came (a dropped listener, a replay). */
const rowFinal = (deps: ApiDeps, id: string) => async () => {
  const row = await deps.db('renders').where({ id }).first('status');
  return row ? isFinal(row.status) : false;
};

export async function getRender(deps: ApiDeps, orgId: string, kind: RenderKind, id: string): Promise<RenderRow> {
  const row: RenderRow | undefined = await deps.db('renders').where({ id, org_id: orgId, kind }).first();
  if (!row) throw notFound(kind);
  return row;
}

export interface RenderListQuery extends PageQuery {
  status?: string;
  template_id?: string;
  collection_id?: string;
}

export function listRenders(db: Knex, orgId: string, kind: RenderKind, q: RenderListQuery): Promise<Page<RenderRow>> {
  const qb = db('renders').where({ org_id: orgId, kind });
  for (const f of ['status', 'template_id', 'collection_id'] as const) if (q[f]) qb.andWhere(f, q[f]);
  return keysetPage<RenderRow>(qb, q);
}
