import { clockMs, type Knex, type TemplateRow } from '@rp/db';
import { sameJson, type EngineMode, type Placeholder } from '@rp/workflow-safe';
import { notFound, validationFailed } from '@rp/errors';
import { checkTemplateContent, type TemplateContent } from './check-template-content';
import type { CapsConfig } from '@rp/config';
import { normalizePlaceholders } from './normalize-placeholders';
import { CONTENT_FIELDS, templateVersionRow, warningsAtSave } from './template-version-row';
import { engineAtSave } from './engine-at-save';
import type { PinFn } from './pin-at-save';
import type { PinnedResource } from '@rp/workflow-safe';
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

/** The row as the patch would leave it (engine mode and normalised placeholders included). */
function merged(row: Record<string, any>, patch: UpdateTemplateInput): Record<string, any> {
  const next: Record<string, any> = { ...row };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined && k !== 'engine') next[k] = v;
  if (patch.engine !== undefined) next.engine_mode = patch.engine;
  if (patch.placeholders) next.placeholders = normalizePlaceholders(patch.placeholders);
  return next;
}

/** Holds `next` to the rules of a saved template; a designed template's HTML and placeholders are compiled into it
 * again whenever its design or either of them is sent. */
function check(next: Record<string, any>, patch: UpdateTemplateInput, caps: CapsConfig): void {
  const designTouched = patch.canvas_data !== undefined || patch.composition_html !== undefined || patch.placeholders !== undefined;
  const problems = [
    ...(designTouched ? designAtSave(next as DesignedContent, patch) : []),
    ...checkTemplateContent(next as TemplateContent, caps, { placeholdersGiven: patch.placeholders !== undefined || designTouched }),
  ];
  if (problems.length) throw validationFailed(problems);
}

interface PrePinned {
  html: string;
  pinned: PinnedResource[];
}

/**
 * New, valid HTML (written, or compiled from a changed design) is pinned before the row lock is taken, so a slow
 * resource never holds the lock or a connection.
 */
async function pinBeforeLock(db: Knex, orgId: string, id: string, patch: UpdateTemplateInput, caps: CapsConfig, pin: PinFn): Promise<PrePinned | null> {
  if (patch.composition_html === undefined && patch.canvas_data === undefined) return null;
  const row = await db('templates').where({ org_id: orgId, id }).whereNull('deleted_at').first();
  if (!row) return null;
  const next = merged(row, patch);
  check(next, patch, caps);
  if (next.composition_html === row.composition_html) return null;
  return { html: next.composition_html, pinned: await pin(next.composition_html) };
}

/**
 * The manifest of the new version: what was pinned for its HTML before the lock, the current version's own when
 * the HTML did not change (re-pinning is an explicit request, POST /repin), or a pin now when another update
 * changed the HTML in between.
 */
async function manifestFor(trx: Knex, row: TemplateRow, html: string, pre: PrePinned | null, pin: PinFn): Promise<PinnedResource[]> {
  if (pre?.html === html) return pre.pinned;
  if (html === row.composition_html) {
    const current = await trx('template_versions').where({ org_id: row.org_id, template_id: row.id, version: row.current_version }).first('pinned_resources');
    return current?.pinned_resources ?? [];
  }
  return pin(html);
}

/**
 * Applies a partial update. The row lock (FOR UPDATE) serialises concurrent updates of one template, so each
 * content change gets its own version number; the unique (template_id, version) index is the backstop.
 * Values equal to the stored ones change nothing (no version, no updated_at). A new version records its pinned
 * resources (docs/pinning.md).
 */
export async function updateTemplate(db: Knex, orgId: string, id: string, patch: UpdateTemplateInput, caps: CapsConfig, pin: PinFn): Promise<TemplateRow> {
  const pre = await pinBeforeLock(db, orgId, id, patch, caps, pin);
  return db.transaction(async (trx) => {
    const row = await trx('templates').where({ org_id: orgId, id }).whereNull('deleted_at').forUpdate().first();
    if (!row) throw notFound('template');
    const next = merged(row, patch);
    check(next, patch, caps);

    const contentChanged = CONTENT_FIELDS.some((f) => !sameJson(row[f], next[f]));
    const metaChanged = META_FIELDS.some((f) => row[f] !== next[f]);
    if (!contentChanged && !metaChanged) return row;

    const changes: Record<string, unknown> = { name: next.name, project_id: next.project_id, updated_at: clockMs(trx) };
    if (contentChanged) {
      const pinned = await manifestFor(trx, row, next.composition_html, pre, pin);
      // a new version gets its own decision (and a 422 here when native is forced onto content it cannot draw)
      Object.assign(next, engineAtSave(next.engine_mode, next as TemplateContent & { composition_html: string; placeholders: Placeholder[] }, pinned));
      for (const f of ENGINE_FIELDS) changes[f] = next[f];
      next.warnings = warningsAtSave(next.composition_html, pinned);
      changes.warnings = JSON.stringify(next.warnings);
      next.current_version = row.current_version + 1;
      for (const f of CONTENT_FIELDS) changes[f] = next[f];
      changes.canvas_data = JSON.stringify(next.canvas_data);
      changes.placeholders = JSON.stringify(next.placeholders);
      changes.current_version = next.current_version;
      await trx('template_versions').insert(templateVersionRow(trx, next, pinned));
    }
    const [updated] = await trx('templates').where({ org_id: orgId, id }).update(changes).returning('*');
    return updated;
  });
}
