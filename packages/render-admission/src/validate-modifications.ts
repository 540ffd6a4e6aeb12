import type { Modification, Placeholder } from '@rp/workflow-safe';
import { checkPlaceholderValue, VALUE_FIELD } from '@rp/workflow-safe';
import type { ErrorDetail } from '@rp/errors';

const VALUE_FIELDS = Object.values(VALUE_FIELD);

/**
 * Every modification must name a placeholder of the pinned template version and carry exactly the value
 * field of that placeholder's type, with a value of that type. `prefix` locates it in the body for errors.
 */
export function validateModifications(placeholders: Placeholder[], mods: Modification[], prefix = 'modifications'): ErrorDetail[] {
  const byName = new Map(placeholders.map((p) => [p.name, p]));
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  mods.forEach((m, i) => {
    const at = `${prefix}[${i}]`;
    const ph = byName.get(m.name);
    if (!ph) {
      details.push({ field: `${at}.name`, message: `"${m.name}" is not a placeholder of this template` });
      return;
    }
    if (seen.has(m.name)) details.push({ field: `${at}.name`, message: `"${m.name}" is modified more than once` });
    seen.add(m.name);
    const field = VALUE_FIELD[ph.type];
    for (const other of VALUE_FIELDS) {
      if (other !== field && (m as unknown as Record<string, unknown>)[other] !== undefined) {
        details.push({ field: `${at}.${other}`, message: `is not allowed for a ${ph.type} placeholder (use ${field})` });
      }
    }
    const value = (m as unknown as Record<string, unknown>)[field];
    if (value === undefined) {
      details.push({ field: `${at}.${field}`, message: `is required for a ${ph.type} placeholder` });
      return;
    }
    const problem = checkPlaceholderValue(ph.type, value);
    if (problem) details.push({ field: `${at}.${field}`, message: problem });
  });
  return details;
}
