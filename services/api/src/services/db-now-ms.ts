import type { Knex } from '@rp/db';

/**
 * The DB clock truncated to ms, like the column defaults: timestamps must round-trip through JS Dates
 * (keyset cursors). clock_timestamp(), not now(): a write that waited on a row lock gets its real time.
 */
export const dbNowMs = (db: Knex) => db.raw("date_trunc('milliseconds', clock_timestamp())");
