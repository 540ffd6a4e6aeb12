import type { Context } from 'koa';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { VIDEO_DEFAULTS, workflowIds, type Modification, type RenderKind } from '@rp/common';
import { ensureImplicitWebhook, serializeRender, type Knex } from '@rp/db';
import { AppError, notFound, unavailable, validationFailed, type ErrorDetail } from '@rp/errors';
import { startRenderWorkflow } from '@rp/workflows/dist/client';
import type { ApiDeps } from '../deps';
import { loadTemplateForRender, validateModifications } from '@rp/collections';
import { createIdempotently, idempotencyKey } from './idempotency';
import { findCachedRender, renderCacheKey } from './render-cache';

const METADATA_LIMIT = 16 * 1024;
export const TEMPORAL_START_DEADLINE_MS = 5000;

export function checkMetadata(metadata: unknown, field = 'metadata'): ErrorDetail[] {
  if (metadata === undefined) return [];
  return JSON.stringify(metadata).length > METADATA_LIMIT ? [{ field, message: `must serialize to at most ${METADATA_LIMIT} bytes` }] : [];
}

/** `Prefer: wait=N` (N ≤ 60): how long the POST may hold for the render to finish. */
export function preferWaitSeconds(ctx: Context): number {
  const m = /(?:^|[,;\s])wait\s*=\s*(\d+)/i.exec(ctx.get('prefer'));
  if (!m) return 0;
  const n = Number(m[1]);
  if (n > 60) throw validationFailed([{ field: 'Prefer', message: 'wait must be at most 60 seconds' }]);
  return n;
}

export interface CreateRenderBody {
  template_id: string;
  modifications?: any[];
  webhook_url?: string;
  metadata?: Record<string, unknown>;
  duration_seconds?: number;
  fps?: number;
  /** Images: reuse the stored result of an identical completed render of the org when there is one. */
  cache?: boolean;
}

/** Validates, stores and starts one render; answers the record (202, or 200 once final in sync mode). */
export async function createRender(ctx: Context, deps: ApiDeps, orgId: string, kind: RenderKind, body: CreateRenderBody) {
  const { db } = deps;
  const wait = preferWaitSeconds(ctx);
  const key = idempotencyKey(ctx);
  const { template, version } = await loadTemplateForRender(db, orgId, body.template_id, kind);
  const modifications = body.modifications ?? [];
  const details = [...validateModifications(version.placeholders, modifications), ...checkMetadata(body.metadata)];
  let videoFields = {};
  if (kind === 'video') {
    const canvas = (version.canvas_data ?? {}) as Record<string, unknown>;
    const duration = body.duration_seconds ?? Number(canvas.duration_seconds ?? VIDEO_DEFAULTS.duration_seconds);
    const fps = body.fps ?? Number(canvas.fps ?? VIDEO_DEFAULTS.fps);
    if (!(duration >= 0.5 && duration <= 60)) details.push({ field: 'duration_seconds', message: 'must be between 0.5 and 60 (template default out of range)' });
    if (!(Number.isInteger(fps) && fps >= 10 && fps <= 60)) details.push({ field: 'fps', message: 'must be an integer between 10 and 60 (template default out of range)' });
    videoFields = { duration_seconds: duration, fps, width: version.width, height: version.height };
  }
  if (details.length) throw validationFailed(details);
  const cacheFields = kind === 'image' ? await imageCacheFields(db, orgId, version, modifications, body.cache === true) : {};

  const { id, replayed } = await createIdempotently(
    db,
    { orgId, route: `POST /v1/${kind}s`, key, body, resourceType: kind },
    async (trx) => {
      const webhookId = body.webhook_url ? await ensureImplicitWebhook(trx, orgId, body.webhook_url) : null;
      const [row] = await trx('renders')
        .insert({
          org_id: orgId,
          kind,
          template_id: template.id,
          template_version: version.version,
          status: 'pending',
          modifications: JSON.stringify(modifications),
          metadata: JSON.stringify(body.metadata ?? {}),
          webhook_url: body.webhook_url ?? null,
          webhook_id: webhookId,
          ...videoFields,
          ...cacheFields,
        })
        .returning('id');
      return row.id as string;
    },
  );
  if (!replayed) {
    const input = { renderId: id, orgId, kind, templateId: template.id };
    await startOrRollback(deps, () => startRenderWorkflow(deps.temporal, input), { table: 'renders', id });
  }
  if (wait > 0) await waitForRender(deps, kind, id, wait);
  const row = await db('renders').where({ id, org_id: orgId }).first();
  const final = row.status === 'completed' || row.status === 'failed';
  ctx.status = wait > 0 && final ? 200 : 202;
  if (wait > 0) ctx.set('Preference-Applied', `wait=${wait}`);
  return serializeRender(row, deps.signUrl);
}

/**
 * Every image render records its cache key, so a later identical request can reuse it; with `reuse` the new record
 * names the newest completed identical render as `cached_from` and its workflow completes by copying that result.
 */
async function imageCacheFields(db: Knex, orgId: string, version: Record<string, any>, modifications: Modification[], reuse: boolean) {
  const cache_key = renderCacheKey(orgId, version, modifications);
  const hit = reuse ? await findCachedRender(db, orgId, cache_key) : undefined;
  return { cache_key, cached_from: hit?.id ?? null };
}

/**
 * The row is committed before its workflow starts. If the workflow engine cannot take the start, the row is
 * removed and the client gets 503 (it was never accepted); a crash between the two is repaired by the render
 * worker's sweeper, which starts workflows for old pending rows (ids are derived, so never twice).
 * Shared by renders and collections.
 */
export async function startOrRollback(deps: ApiDeps, start: () => Promise<unknown>, rollback: { table: string; id: string }) {
  try {
    await deps.temporal.withDeadline(Date.now() + TEMPORAL_START_DEADLINE_MS, start);
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    await deps.db(rollback.table).where({ id: rollback.id, status: 'pending' }).del().catch(() => undefined);
    throw unavailable('The workflow engine', err);
  }
}

/** Holds until the render's workflow ends or `seconds` pass, whichever is first. */
export async function waitForRender(deps: ApiDeps, kind: RenderKind, id: string, seconds: number): Promise<void> {
  const handle = deps.temporal.workflow.getHandle(workflowIds.render(kind, id));
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      handle.result().catch(() => undefined),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, seconds * 1000))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function getRender(deps: ApiDeps, orgId: string, kind: RenderKind, id: string) {
  const row = await deps.db('renders').where({ id, org_id: orgId, kind }).first();
  if (!row) throw notFound(kind);
  return row;
}
