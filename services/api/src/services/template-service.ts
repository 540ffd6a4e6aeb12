import { CLOCK_MS_SQL, clockMs, type Knex, type TemplateRow, type TemplateVersionRow } from '@rp/db';
import { notFound } from '@rp/errors';
import { keysetPage, type Page, type PageQuery } from './keyset-page';

/** A live (not deleted) template of the org; anything else, including another org's id, is 404. */
const liveTemplates = (db: Knex, orgId: string) => db('templates').where({ org_id: orgId }).whereNull('deleted_at');

export interface TemplateListQuery extends PageQuery {
  project_id?: string;
  type?: string;
  is_published?: boolean;
}

export function listTemplates(db: Knex, orgId: string, q: TemplateListQuery): Promise<Page<TemplateRow>> {
  const qb = liveTemplates(db, orgId);
  if (q.project_id) qb.andWhere({ project_id: q.project_id });
  if (q.type) qb.andWhere({ type: q.type });
  if (q.is_published !== undefined) qb.andWhere({ is_published: q.is_published });
  return keysetPage<TemplateRow>(qb, q);
}

export async function getTemplate(db: Knex, orgId: string, id: string): Promise<TemplateRow> {
  const row: TemplateRow | undefined = await liveTemplates(db, orgId).andWhere({ id }).first();
  if (!row) throw notFound('template');
  return row;
}

/** Soft delete: the template disappears from reads and cannot be rendered; its renders stay readable. */
export async function deleteTemplate(db: Knex, orgId: string, id: string): Promise<void> {
  const n = await liveTemplates(db, orgId).andWhere({ id }).update({ deleted_at: clockMs(db) });
  if (!n) throw notFound('template');
}

export async function setPublished(db: Knex, orgId: string, id: string, value: boolean): Promise<TemplateRow> {
  const [row] = await liveTemplates(db, orgId)
    .andWhere({ id })
    .update({
      is_published: value,
      // only a real flip counts as a change
      updated_at: db.raw(`CASE WHEN is_published = ? THEN updated_at ELSE ${CLOCK_MS_SQL} END`, [value]),
    })
    .returning('*');
  if (!row) throw notFound('template');
  return row;
}

/** Versions belong to a live template: a deleted one answers 404 on them too (the rows stay, so its in-flight renders finish). */
export async function assertTemplateLive(db: Knex, orgId: string, templateId: string): Promise<void> {
  const found = await liveTemplates(db, orgId).andWhere({ id: templateId }).first('id');
  if (!found) throw notFound('template');
}

export async function getTemplateVersion(db: Knex, orgId: string, templateId: string, version: number): Promise<TemplateVersionRow> {
  await assertTemplateLive(db, orgId, templateId);
  const row: TemplateVersionRow | undefined = await db('template_versions').where({ org_id: orgId, template_id: templateId, version }).first();
  if (!row) throw notFound('template version');
  return row;
}
