import type { RenderKind } from '@rp/workflow-safe';
import { createVersionCache, type Knex, type TemplateVersionRow } from '@rp/db';
import { AppError, validationFailed } from '@rp/errors';

export type LoadedTemplate = Awaited<ReturnType<typeof loadTemplateForRender>>;

/**
 * Decided versions this process has read (@rp/db version-cache): the template row is read on every call (its
 * current version and deletion change), its immutable version row once.
 */
const versions = createVersionCache<TemplateVersionRow>(256);

/** A live template of the org and its current version; `kind`, when given, must match (collections take either). */
export async function loadTemplateForRender(db: Knex, orgId: string, templateId: string, kind?: RenderKind) {
  const template = await db('templates').where({ id: templateId, org_id: orgId }).whereNull('deleted_at').first();
  if (!template) {
    throw new AppError(404, 'not_found', 'template not found', { details: [{ field: 'template_id', message: 'no such template' }] });
  }
  if (kind && template.type !== kind) {
    throw validationFailed([{ field: 'template_id', message: `is a ${template.type} template; use POST /v1/${template.type}s` }]);
  }
  const n: number = template.current_version;
  let version = versions.get(orgId, templateId, n);
  if (!version) {
    const row: TemplateVersionRow | undefined = await db('template_versions').where({ template_id: templateId, version: n, org_id: orgId }).first();
    if (!row) throw new AppError(500, 'internal_error', 'template version missing', { expose: false });
    version = versions.remember(orgId, templateId, n, row);
  }
  return { template, version };
}
