import type { Context } from 'koa';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { VIDEO_DEFAULTS, workflowIds, type RenderKind } from '@rp/common';
import { ensureImplicitWebhook, serializeRender, type Knex } from '@rp/db';
import { AppError, notFound, unavailable, validationFailed, type ErrorDetail } from '@rp/errors';
import { startRenderWorkflow } from '@rp/workflows/dist/client';
import type { ApiDeps } from '../deps';
import { validateModifications } from './validate-modifications';
import { createIdempotently, idempotencyKey } from './idempotency';

const METADATA_LIMIT = 16 * 1024;
export const TEMPORAL_START_DEADLINE_MS = 5000;

/** The live template and its current version; another org's or a deleted template reads as 404. */
/** A live template of the org and its current version; `kind`, when given, must match (collections take either). */
export async function loadTemplateForRender(db: Knex, orgId: string, templateId: string, kind?: RenderKind) {
  const template = await db('templates').where({ id: templateId, org_id: orgId }).whereNull('deleted_at').first();
  if (!template) {
    throw new AppError(404, 'not_found', 'template not found', { details: [{ field: 'template_id', message: 'no such template' }] });
  }
  if (kind && template.type !== kind) {
    throw validationFailed([{ field: 'template_id', message: `is a ${template.type} template; use POST /v1/${template.type}s` }]);
  }
  const version = await db('template_versions')
    .where({ template_id: templateId, version: template.current_version, org_id: orgId })
    .first();
  if (!version) throw new AppError(500, 'internal_error', 'template version missing', { expose: false });
  return { template, version };
}

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

  let inserted: Record<string, any> | undefined;
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
        })
        .returning('*');
      inserted = row;
      return row.id as string;
    },
  );
  if (!replayed) {
    const input = { renderId: id, orgId, kind, templateId: template.id };
    await startOrRollback(deps, () => startRenderWorkflow(deps.temporal, input), { table: 'renders', id });
  }
  if (wait > 0) await waitForRender(deps, id, wait);
  // an accepted render answers as accepted (pending), whatever a fast worker did since; a replay shows the state now
  const row = wait === 0 && !replayed && inserted ? inserted : await db('renders').where({ id, org_id: orgId }).first();
  const final = row.status === 'completed' || row.status === 'failed';
  ctx.status = wait > 0 && final ? 200 : 202;
  if (wait > 0) ctx.set('Preference-Applied', `wait=${wait}`);
  return serializeRender(row, deps.signUrl);
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

/** Until the row is final (its NOTIFY, see createFinalRenderListener) or `seconds` have passed. */
async function waitForRender(deps: ApiDeps, id: string, seconds: number): Promise<void> {
  const isFinal = async () => {
    const row = await deps.db('renders').where({ id }).first('status');
    return row?.status === 'completed' || row?.status === 'failed';
  };
  await deps.finalRenders.waitFor(id, isFinal, seconds * 1000);
}

export async function getRender(deps: ApiDeps, orgId: string, kind: RenderKind, id: string) {
  const row = await deps.db('renders').where({ id, org_id: orgId, kind }).first();
  if (!row) throw notFound(kind);
  return row;
}
