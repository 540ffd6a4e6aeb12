import type { Knex } from 'knex';

/**
 * "Now" truncated to ms, like the column defaults: timestamps must round-trip through JS Dates (keyset
 * cursors). `nowMs` is the transaction's time; `clockMs` the real time (a write that waited on a row lock).
 */
export const NOW_MS_SQL = "date_trunc('milliseconds', now())";
export const CLOCK_MS_SQL = "date_trunc('milliseconds', clock_timestamp())";
export const nowMs = (db: Knex) => db.raw(NOW_MS_SQL);
export const clockMs = (db: Knex) => db.raw(CLOCK_MS_SQL);

/** Postgres unique_violation (23505), optionally on a constraint whose name contains `hint`. */
export function isUniqueViolation(err: unknown, hint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (!hint || String(e.constraint ?? '').includes(hint));
}

/** Postgres foreign_key_violation (23503): the referenced row is gone (or never was). */
export function isForeignKeyViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23503';
}
