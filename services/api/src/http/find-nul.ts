/**
 * Postgres text cannot hold U+0000, so a NUL anywhere in a request would surface as a database error. Finding it
 * up front turns it into a 422 naming the field. Returns the field path (`items[2].name`, `custom_fields.note`).
 */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(body)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], `${path}[${i}]`);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const at = path ? `${path}.${k}` : k;
      if (k.includes('\u0000')) return at;
      const hit = findNul(v, at);
      if (hit) return hit;
    }
  }
  return null;
}
