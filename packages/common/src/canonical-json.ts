function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object' && !(v instanceof Date)) {
    return Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  }
  return v;
}

/** JSON with object keys sorted at every depth: equal data gives equal text, whatever order jsonb or a client used. */
export const canonicalJson = (v: unknown): string => JSON.stringify(sortKeys(v));

/** Value equality of JSON-like data; a key-order-only difference does not count. */
export const sameJson = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);
