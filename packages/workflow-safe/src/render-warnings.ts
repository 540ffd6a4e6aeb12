/**
 * Warnings: what a completed render (or a preflight layout, or a template version's save) noticed about its content.
 * They never fail a render; they tell the tenant which item or template needs a look before (or after) a run at
 * volume. `image_failed` and `font_load_failed` are also how a render reports a resource of the template itself that
 * did not load where a browser goes on without it (a hidden image, a web font whose family list falls through).
 */
export const WARNING_CODES = ['text_overflow', 'image_missing', 'image_failed', 'glyph_missing', 'image_upscaled', 'font_load_failed'] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export interface RenderWarning {
  code: WarningCode;
  /** The placeholder it concerns (`data-placeholder` of the element or its nearest ancestor), or null. */
  placeholder: string | null;
  message: string;
}

/** At most this many warnings are kept per render, so a pathological template cannot bloat its row. */
export const MAX_WARNINGS_PER_RENDER = 50;

/** `{code: count}` over many renders' warnings (collections sum their items'); codes with none are left out. */
export function countWarnings(lists: ReadonlyArray<ReadonlyArray<RenderWarning> | null | undefined>): Partial<Record<WarningCode, number>> {
  const out: Partial<Record<WarningCode, number>> = {};
  for (const list of lists) for (const w of list ?? []) out[w.code] = (out[w.code] ?? 0) + 1;
  return out;
}
