import { clockMs, type Knex, type TemplateRow } from '@rp/db';
import { sameJson, type EngineMode, type Placeholder } from '@rp/workflow-safe';
import { notFound, validationFailed } from '@rp/errors';
import { checkTemplateContent, type TemplateContent } from './check-template-content';
import type { RenderCaps } from '@rp/render-admission';
import { normalizePlaceholders } from './normalize-placeholders';
import { CONTENT_FIELDS, templateVersionRow } from './template-version-row';
import { engineAtSave } from './engine-at-save';
import { designAtSave, type DesignedContent } from './design-at-save';

export interface UpdateTemplateInput {
  name?: string;
  width?: number;
  height?: number;
  canvas_data?: Record<string, unknown>;
  composition_html?: string;
  placeholders?: Placeholder[];
  format?: string;
  video_strategy?: string;
  engine?: EngineMode;
  project_id?: string;
}

const META_FIELDS = ['name', 'project_id'] as const;
const ENGINE_FIELDS = ['engine', 'engine_reason', 'engine_parity'] as const;

/**
 * Applies a partial update. The row lock (FOR UPDATE) serialises concurrent updates of one template, so each
 * content change gets its own version number; the unique (template_id, version) index is the backstop.
 * Values equal to the stored ones change nothing (no version, no updated_at).
 */
export async function updateTemplate(db: Knex, orgId: string, id: string, patch: UpdateTemplateInput, caps: RenderCaps): Promise<TemplateRow> {
  return db.transaction(async (trx) => {
    const row = await trx('templates').where({ org_id: orgId, id }).whereNull('deleted_at').forUpdate().first();
    if (!row) throw notFound('template');
    const next: Record<string, any> = { ...row };
    for (const [k, v] of Object.entries(patch)) if (v !== undefined && k !== 'engine') next[k] = v;
    if (patch.engine !== undefined) next.engine_mode = patch.engine;
    if (patch.placeholders) next.placeholders = normalizePlaceholders(patch.placeholders);

    // a designed template's HTML and placeholders are compiled again whenever its design or either of them is sent
    const designTouched = patch.canvas_data !== undefined || patch.composition_html !== undefined || patch.placeholders !== undefined;
    const problems = [
      ...(designTouched ? designAtSave(next as DesignedContent, patch) : []),
      ...checkTemplateContent(next as TemplateContent, caps, { placeholdersGiven: patch.placeholders !== undefined || designTouched }),
    ];
    if (problems.length) throw validationFailed(problems);

    const contentChanged = CONTENT_FIELDS.some((f) => !sameJson(row[f], next[f]));
    const metaChanged = META_FIELDS.some((f) => row[f] !== next[f]);
    if (!contentChanged && !metaChanged) return row;

    const changes: Record<string, unknown> = { name: next.name, project_id: next.project_id, updated_at: clockMs(trx) };
    if (contentChanged) {
      // a new version gets its own decision (and a 422 here when native is forced onto content it cannot draw)
      Object.assign(next, engineAtSave(next.engine_mode, next as TemplateContent & { composition_html: string; placeholders: Placeholder[] }));
      for (const f of ENGINE_FIELDS) changes[f] = next[f];
      next.current_version = row.current_version + 1;
      for (const f of CONTENT_FIELDS) changes[f] = next[f];
      changes.canvas_data = JSON.stringify(next.canvas_data);
      changes.placeholders = JSON.stringify(next.placeholders);
      changes.current_version = next.current_version;
      await trx('template_versions').insert(templateVersionRow(trx, next));
    }
    const [updated] = await trx('templates').where({ org_id: orgId, id }).update(changes).returning('*');
    return updated;
  });
}
