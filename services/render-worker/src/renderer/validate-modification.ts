import { checkPlaceholderValue, VALUE_FIELD, type Modification, type Placeholder } from '@rp/workflow-safe';


/**
 * The renderer's last line of defence. The value rules themselves live in @rp/workflow-safe (checkPlaceholderValue), the
 * same ones the API applies to requests and template defaults, so what the API accepts always renders.
 * Returns a human readable message, or null when the modification is usable.
 */
export function validateModificationValue(
  placeholder: Pick<Placeholder, 'name' | 'type'>,
  modification: Modification,
): string | null {
  const label = `modification '${placeholder.name}'`;
  const field = VALUE_FIELD[placeholder.type as keyof typeof VALUE_FIELD];
  if (!field) return `${label}: unknown placeholder type '${String(placeholder.type)}'`;
  const value = (modification as unknown as Record<string, unknown>)[field];
  if (value === undefined || value === null) return `${label} needs '${field}' (${placeholder.type} placeholder)`;
  const problem = checkPlaceholderValue(placeholder.type, value);
  return problem ? `${label}: ${field} ${problem}` : null;
}
