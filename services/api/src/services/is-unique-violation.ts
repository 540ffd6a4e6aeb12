/** Postgres unique_violation (23505), optionally on a constraint whose name contains `hint`. */
export function isUniqueViolation(err: unknown, hint?: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '23505' && (!hint || String(e.constraint ?? '').includes(hint));
}
