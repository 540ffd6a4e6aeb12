import { clockMs, type Knex, type TemplateRow } from '@rp/db';
import type { Placeholder } from '@rp/workflow-safe';
import { notFound } from '@rp/errors';
import type { TemplateContent } from './check-template-content';
import { templateVersionRow, warningsAtSave } from './template-version-row';
import { engineAtSave } from './engine-at-save';
import type { PinFn } from './pin-at-save';

/**
 * POST /v1/templates/{id}/repin (docs/pinning.md): fetches what the current content loads again and stores it as a
 * new version, the same content with a fresh manifest and its own engine decision. Earlier versions keep their
 * pinned bytes, so their renders do not change. The HTML is pinned before the row lock; when another update
 * changed it meanwhile, the new HTML is pinned under the lock.
 */
export async function repinTemplate(db: Knex, orgId: string, id: string, pin: PinFn): Promise<TemplateRow> {
  const before = await db('templates').where({ org_id: orgId, id }).whereNull('deleted_at').first('composition_html');
  if (!before) throw notFound('template');
  const early = { html: before.composition_html as string, pinned: await pin(before.composition_html) };
  return db.transaction(async (trx) => {
    const row = await trx('templates').where({ org_id: orgId, id }).whereNull('deleted_at').forUpdate().first();
    if (!row) throw notFound('template');
    const pinned = row.composition_html === early.html ? early.pinned : await pin(row.composition_html);
    const engine = engineAtSave(row.engine_mode, row as TemplateContent & { composition_html: string; placeholders: Placeholder[] }, pinned);
    const warnings = warningsAtSave(row.composition_html, pinned);
    const next = { ...row, ...engine, warnings, current_version: row.current_version + 1 };
    await trx('template_versions').insert(templateVersionRow(trx, next, pinned));
    const [updated] = await trx('templates')
      .where({ org_id: orgId, id })
      .update({ ...engine, warnings: JSON.stringify(warnings), current_version: next.current_version, updated_at: clockMs(trx) })
      .returning('*');
    return updated;
  });
}
