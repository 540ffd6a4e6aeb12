import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { resolveVideoSettings, type Modification, type RenderKind } from '@rp/common';
import { ensureImplicitWebhook, type Knex, type RenderRow, type TemplateRow, type TemplateVersionRow } from '@rp/db';
import { AppError, notFound, unavailable, validationFailed, type ErrorDetail } from '@rp/errors';
import { startRenderWorkflow } from '@rp/workflows/client';
import type { ApiDeps } from '../deps';
import { validateModifications } from './validate-modifications';
import { createIdempotently } from './idempotency';
import { keysetPage, type Page, type PageQuery } from './keyset-page';

const METADATA_LIMIT = 16 * 1024;
export const TEMPORAL_START_DEADLINE_MS = 5000;

/** A live template of the org and its current version; `kind`, when given, must match (collections take either). */
export async function loadTemplateForRender(
  db: Knex,
  orgId: string,
  templateId: string,
  kind?: RenderKind,
): Promise<{ template: TemplateRow; version: TemplateVersionRow }> {
  const template: TemplateRow | undefined = await db('templates').where({ id: templateId, org_id: orgId }).whereNull('deleted_at').first();
  if (!template) {
    throw new AppError(404, 'not_found', 'template not found', { details: [{ field: 'template_id', message: 'no such template' }] });
  }
  if (kind && template.type !== kind) {
    throw validationFailed([{ field: 'template_id', message: `is a ${template.type} template; use POST /v1/${template.type}s` }]);
  }
  const version: TemplateVersionRow | undefined = await db('template_versions')
    .where({ template_id: templateId, version: template.current_version, org_id: orgId })
    .first();
  if (!version) throw new AppError(500, 'internal_error', 'template version missing', { expose: false });
  return { template, version };
}

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

/** Checks a request against its template version; answers the columns a video row adds. */
function checkRenderRequest(version: TemplateVersionRow, kind: RenderKind, body: CreateRenderBody) {
  const details = [...validateModifications(version.placeholders, body.modifications ?? []), ...checkMetadata(body.metadata)];
  let videoFields = {};
  if (kind === 'video') {
    const { settings, problems } = resolveVideoSettings(body, version.canvas_data);
    details.push(...problems);
    videoFields = { ...settings, width: version.width, height: version.height };
  }
  if (details.length) throw validationFailed(details);
  return videoFields;
}

/** Validates, stores and starts one render; answers the row and whether it is final (after a wait). */
export async function createRender(deps: ApiDeps, req: CreateRenderRequest): Promise<{ row: RenderRow; final: boolean }> {
  const { db } = deps;
  const { orgId, kind, body } = req;
  const { template, version } = await loadTemplateForRender(db, orgId, body.template_id, kind);
  const videoFields = checkRenderRequest(version, kind, body);
  let inserted: RenderRow | undefined;
  const { id, replayed } = await createIdempotently(
    db,
    { orgId, route: `POST /v1/${kind}s`, key: req.idempotencyKey, body, resourceType: kind },
    async (trx) => {
      const webhookId = body.webhook_url ? await ensureImplicitWebhook(trx, orgId, body.webhook_url) : null;
      const [row] = await trx('renders')
        .insert({
          org_id: orgId,
          kind,
          template_id: template.id,
          template_version: version.version,
          status: 'pending',
          modifications: JSON.stringify(body.modifications ?? []),
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
  if (req.waitSeconds > 0) await waitForRender(deps, id, req.waitSeconds);
  // an accepted render answers as accepted (pending), whatever a fast worker did since; a replay shows the state now
  const fresh = req.waitSeconds === 0 && !replayed ? inserted : undefined;
  const row: RenderRow = fresh ?? (await db('renders').where({ id, org_id: orgId }).first());
  return { row, final: row.status === 'completed' || row.status === 'failed' };
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

/** Until the row is final (its NOTIFY, see createFinalRenderListener) or `seconds` have passed (Prefer: wait). */
async function waitForRender(deps: ApiDeps, id: string, seconds: number): Promise<void> {
  const isFinal = async () => {
    const row = await deps.db('renders').where({ id }).first('status');
    return row?.status === 'completed' || row?.status === 'failed';
  };
  await deps.finalRenders.waitFor(id, isFinal, seconds * 1000);
}

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
