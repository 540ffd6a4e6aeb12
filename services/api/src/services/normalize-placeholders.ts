import type { Placeholder } from '@rp/workflow-safe';

/** Stored placeholders always carry all four fields, so responses and the renderer see one shape. */
export function normalizePlaceholders(list: Placeholder[]): Required<Placeholder>[] {
  return list.map((p) => ({ name: p.name, type: p.type, default: p.default ?? null, format: p.format ?? null })) as Required<Placeholder>[];
}
