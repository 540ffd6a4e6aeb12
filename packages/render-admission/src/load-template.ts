import type { RenderKind } from '@rp/common';
import type { Knex } from '@rp/db';
import { AppError, validationFailed } from '@rp/errors';

export type LoadedTemplate = Awaited<ReturnType<typeof loadTemplateForRender>>;

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
