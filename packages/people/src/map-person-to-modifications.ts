import type { Modification, Placeholder } from '@rp/workflow-safe';
import type { ErrorDetail } from '@rp/errors';

/** A person row as stored (dates as YYYY-MM-DD strings, custom_fields an object). */
export type PersonRow = Record<string, any>;

const DIRECT = ['first_name', 'last_name', 'email', 'phone', 'position', 'sector', 'external_id', 'birth_date', 'hire_date'];

/** Whole years from a YYYY-MM-DD date to `today` (UTC), or null without a date. */
function yearsSince(date: string | null | undefined, today: Date): number | null {
  if (!date) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  let years = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) years -= 1;
  return years;
}

/** Field names a mapping may reference, besides `custom_fields.<key>`. */
export const PERSON_FIELDS = [...DIRECT, 'full_name', 'age', 'years_of_service', 'photo'] as const;

const isKnownField = (f: string) => (PERSON_FIELDS as readonly string[]).includes(f) || /^custom_fields\.[^{}]{1,120}$/.test(f);

/** The value of one field for one person, as text, or null when the person has none. */
export function personField(p: PersonRow, field: string, today: Date): string | null {
  if (DIRECT.includes(field)) return p[field] == null ? null : String(p[field]);
  if (field.startsWith('custom_fields.')) {
    const v = (p.custom_fields ?? {})[field.slice('custom_fields.'.length)];
    return v == null || typeof v === 'object' ? null : String(v);
  }
  switch (field) {
    case 'full_name':
      return [p.first_name, p.last_name].filter(Boolean).join(' ') || null;
    case 'age':
      return yearsSince(p.birth_date, today)?.toString() ?? null;
    case 'years_of_service':
      return yearsSince(p.hire_date, today)?.toString() ?? null;
    case 'photo':
      return p.photo_asset_id ? `asset://${p.photo_asset_id}` : null;
    default:
      return null;
  }
}

const REF = /\{([^{}]+)\}/g;

/**
 * The mapping each placeholder uses: the request's mapping, else `{<name>}` when the placeholder is named after a
 * person field (a placeholder `first_name` gets the first name); placeholders with neither keep their default.
 */
function effectiveMapping(placeholders: Placeholder[], mapping: Record<string, string>): [Placeholder, string][] {
  return placeholders.flatMap((ph): [Placeholder, string][] => {
    const value = mapping[ph.name] ?? (isKnownField(ph.name) ? `{${ph.name}}` : undefined);
    return value === undefined ? [] : [[ph, value]];
  });
}

/** 422 details for a mapping that names no placeholder of the template or references an unknown field. */
export function checkMapping(placeholders: Placeholder[], mapping: Record<string, string>): ErrorDetail[] {
  const names = new Set(placeholders.map((p) => p.name));
  const details: ErrorDetail[] = [];
  for (const [name, value] of Object.entries(mapping)) {
    if (!names.has(name)) details.push({ field: `mapping.${name}`, message: `"${name}" is not a placeholder of this template` });
    for (const [, ref] of value.matchAll(REF)) {
      if (!isKnownField(ref!)) {
        details.push({ field: `mapping.${name}`, message: `{${ref}} is not a person field (${PERSON_FIELDS.join(', ')}, custom_fields.<key>)` });
      }
    }
  }
  return details;
}

/**
 * One person's modifications: every `{field}` in a placeholder's mapping is replaced by the person's value.
 * A mapping that is a single reference the person has no value for leaves the placeholder at its default
 * (no photo → the template's image), and so does a number placeholder whose text is not a number.
 */
export function mapPersonToModifications(person: PersonRow, placeholders: Placeholder[], mapping: Record<string, string>, today: Date): Modification[] {
  const mods: Modification[] = [];
  for (const [ph, template] of effectiveMapping(placeholders, mapping)) {
    const single = /^\{([^{}]+)\}$/.exec(template);
    if (single && personField(person, single[1]!, today) === null) continue;
    const text = template.replace(REF, (_, f: string) => personField(person, f, today) ?? '');
    if (ph.type === 'text') mods.push({ name: ph.name, text });
    else if (ph.type === 'image') mods.push({ name: ph.name, image_url: text });
    else if (ph.type === 'color') mods.push({ name: ph.name, color: text });
    else if (ph.type === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) mods.push({ name: ph.name, number: Number(text) });
  }
  return mods;
}
