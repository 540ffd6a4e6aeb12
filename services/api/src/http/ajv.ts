import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { ErrorDetail } from '@rp/errors';

// Bodies are validated strictly (no coercion: "5" is not a number in JSON). Query strings and path
// parameters arrive as text, so their validator coerces and applies defaults.
const bodyAjv = addFormats(new Ajv({ allErrors: true, strict: false }));
const paramAjv = addFormats(new Ajv({ allErrors: true, strict: false, coerceTypes: true, useDefaults: true }));

export const compileBody = (schema: object): ValidateFunction => bodyAjv.compile(schema);
export const compileParams = (schema: object): ValidateFunction => paramAjv.compile(schema);

/** '/items/3/modifications/0/name' -> 'items[3].modifications[0].name' */
export function pointerToField(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

const join = (base: string, prop: string) => (base ? `${base}.${prop}` : prop);

export function ajvErrorsToDetails(errors: ErrorObject[] | null | undefined, prefix = ''): ErrorDetail[] {
  const seen = new Set<string>();
  const out: ErrorDetail[] = [];
  for (const e of errors ?? []) {
    const base = join(prefix, pointerToField(e.instancePath)).replace(/\.\[/g, '[');
    let field = base;
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      field = join(base, (e.params as { missingProperty: string }).missingProperty);
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      field = join(base, (e.params as { additionalProperty: string }).additionalProperty);
      message = 'is not allowed';
    } else if (e.keyword === 'enum') {
      message = `must be one of: ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).join(', ')}`;
    } else if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      continue; // the branch errors beside it say what is wrong
    }
    const key = `${field}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field: field || '(body)', message });
  }
  return out;
}
