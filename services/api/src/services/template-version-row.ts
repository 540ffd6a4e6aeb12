import { clockMs, type Knex } from '@rp/db';
import type { PinnedResource } from '@rp/workflow-safe';

/** Fields whose change alters what a render produces; any change to one of them makes a new version. */
export const CONTENT_FIELDS = ['composition_html', 'canvas_data', 'placeholders', 'width', 'height', 'format', 'video_strategy', 'engine_mode'] as const;

/**
 * The immutable template_versions row for a template row's current content and the manifest pinned for it
 * (docs/pinning.md). jsonb arrays go in as JSON text (pg would send a PG array).
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
    created_at: clockMs(db),
  };
}
