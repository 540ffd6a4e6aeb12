import type { Knex, TemplateRow } from '@rp/db';
import type { EngineMode, Placeholder } from '@rp/workflow-safe';
import { validationFailed } from '@rp/errors';
import { checkTemplateContent } from './check-template-content';
import type { CapsConfig } from '@rp/config';
import { normalizePlaceholders } from './normalize-placeholders';
import { templateVersionRow, warningsAtSave } from './template-version-row';
import { engineAtSave } from './engine-at-save';
import type { PinFn } from './pin-at-save';
import { designAtSave } from './design-at-save';

export interface CreateTemplateInput {
  name: string;
  type: 'image' | 'video';
  format?: string;
  width: number;
  height: number;
  /** Required unless canvas_data is a design document, which it is compiled from. */
  composition_html?: string;
  canvas_data?: Record<string, unknown>;
  placeholders?: Placeholder[];
  video_strategy?: string;
  engine?: EngineMode;
  project_id?: string;
}

/**
 * Inserts the template and its version 1 in one transaction, so a template never exists without a version. Valid
 * content is pinned first (docs/pinning.md), so version 1 is stored with its manifest.
 */
export async function createTemplate(db: Knex, orgId: string, input: CreateTemplateInput, caps: CapsConfig, pin: PinFn): Promise<TemplateRow> {
  const values = {
    org_id: orgId,
    // no projects resource exists yet: the org id is every org's default project
    project_id: input.project_id ?? orgId,
    name: input.name,
    type: input.type,
    format: input.format ?? (input.type === 'video' ? 'mp4' : 'png'),
    width: input.width,
    height: input.height,
    composition_html: input.composition_html,
    canvas_data: input.canvas_data ?? {},
    placeholders: normalizePlaceholders(input.placeholders ?? []),
    video_strategy: input.video_strategy ?? 'auto',
    current_version: 1,
  };
  const problems = [...designAtSave(values, input), ...checkTemplateContent(values, caps)];
  if (problems.length) throw validationFailed(problems);
  // checked above: the HTML is present, written or compiled from the design
  const content = values as typeof values & { composition_html: string };
  // pinned first: the engine decision is made on the version as it will render, its pinned resources included
  const pinned = await pin(content.composition_html);
  // new templates default to auto; rows from before engines existed keep the column default, chromium
  const engine = engineAtSave(input.engine ?? 'auto', content, pinned);
  const warnings = JSON.stringify(warningsAtSave(content.composition_html, pinned));
  return db.transaction(async (trx) => {
    const [row] = await trx('templates')
      .insert({ ...values, ...engine, warnings, canvas_data: JSON.stringify(values.canvas_data), placeholders: JSON.stringify(values.placeholders) })
      .returning('*');
    await trx('template_versions').insert(templateVersionRow(trx, row, pinned));
    return row;
  });
}
