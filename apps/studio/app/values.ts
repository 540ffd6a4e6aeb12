import { ApiError } from './api';
import type { Placeholder } from './placeholder-table';

const FIELD = { text: 'text', image: 'image_url', color: 'color', number: 'number' } as const;

/** Form values (one text per placeholder) as the API's modifications; empty values keep the default. */
export function toModifications(placeholders: Placeholder[], values: Record<string, string>) {
  const mods: Record<string, unknown>[] = [];
  for (const p of placeholders) {
    const v = values[p.name];
    if (v === undefined || v === '') continue;
    mods.push({ name: p.name, [FIELD[p.type]]: p.type === 'number' && Number.isFinite(Number(v)) ? Number(v) : v });
  }
  return mods;
}

/**
 * The API names `modifications[i].<field>`; the form shows values by placeholder. This maps the messages onto the
 * placeholder name that modification i was made from.
 */
export function messagesByPlaceholder(error: unknown, mods: Record<string, unknown>[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!(error instanceof ApiError)) return out;
  mods.forEach((m, i) => {
    const msgs = error.forField(`modifications[${i}]`);
    if (msgs.length) out[String(m.name)] = msgs;
  });
  return out;
}

/** A copy of an error with a prefix taken off its fields (`template.width` -> `width`), to show it on the editor form. */
export function withoutPrefix(error: unknown, prefix: string): ApiError | null {
  if (!(error instanceof ApiError)) return null;
  const details = error.details.map((d) => ({ ...d, field: d.field.startsWith(prefix) ? d.field.slice(prefix.length) : d.field }));
  return new ApiError(error.status, error.code, error.message, details);
}
