import { clockMs, type Knex } from '@rp/db';
import type { PinnedResource, RenderWarning } from '@rp/workflow-safe';
import { templateLoadWarnings } from '@rp/engine-gate';

/** Fields whose change alters what a render produces; any change to one of them makes a new version. */
export const CONTENT_FIELDS = ['composition_html', 'canvas_data', 'placeholders', 'width', 'height', 'format', 'video_strategy', 'engine_mode'] as const;

/**
 * The immutable template_versions row for a template row's current content, the manifest pinned for it
 * (docs/pinning.md) and its warnings at save (warningsAtSave). jsonb arrays go in as JSON text (pg would send a PG
 * array).
 */
export function templateVersionRow(db: Knex, t: Record<string, any>, pinned: PinnedResource[]) {
  return {
    org_id: t.org_id,
    template_id: t.id,
    version: t.current_version,
    type: t.type,
    format: t.format,
    width: t.width,
    height: t.height,
    canvas_data: JSON.stringify(t.canvas_data),
    composition_html: t.composition_html,
    placeholders: JSON.stringify(t.placeholders),
    video_strategy: t.video_strategy,
    engine_mode: t.engine_mode,
    engine: t.engine,
    engine_reason: t.engine_reason,
    // jsonb: null or JSON text, like the other jsonb columns
    engine_parity: t.engine_parity == null ? null : JSON.stringify(t.engine_parity),
    pinned_resources: JSON.stringify(pinned),
    warnings: JSON.stringify(t.warnings ?? []),
    created_at: clockMs(db),
  };
}

/**
 * What the save of a version tells about the template's own images and fonts that will not load (docs/templates.md
 * "Warnings at save"): judged from its HTML and the manifest just pinned, with the code renders use.
 */
export function warningsAtSave(html: string, pinned: readonly PinnedResource[]): RenderWarning[] {
  return templateLoadWarnings({ composition_html: html, pinned_resources: pinned });
}
