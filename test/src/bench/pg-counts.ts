import type { Knex } from '@rp/db';

/** Postgres's own counters of the stack's database (pg_stat_database, pg_stat_wal). */
export interface PgCounters {
  /** Committed transactions: every autocommit statement (reads too) counts one, an explicit transaction one. */
  commits: number;
  /** WAL flushes to disk (fsync/fdatasync): what a durable commit waits for. Null where pg_stat_wal is missing. */
  wal_syncs: number | null;
}

export async function readPgCounters(db: Knex): Promise<PgCounters> {
  // the stats collector publishes at transaction end of the backends; a snapshot of this session's view suffices
  await db.raw('select pg_stat_clear_snapshot()');
  const { rows } = await db.raw('select xact_commit::bigint as commits from pg_stat_database where datname = current_database()');
  const wal = await db.raw('select wal_sync::bigint as syncs from pg_stat_wal').catch(() => null);
  return { commits: Number(rows[0]?.commits ?? 0), wal_syncs: wal ? Number(wal.rows[0]?.syncs ?? 0) : null };
}

/** Per render, from two readings around `renders` renders (the reading's own statements are taken out). */
export function pgPerRender(before: PgCounters, after: PgCounters, renders: number): { commits: number; wal_syncs: number | null } {
  const n = Math.max(1, renders);
  // each readPgCounters commits its statements too: 3 (2 without pg_stat_wal)
  const own = before.wal_syncs === null ? 2 : 3;
  const round2 = (x: number) => Math.round(x * 100) / 100;
  return {
    commits: round2((after.commits - before.commits - own) / n),
    wal_syncs: before.wal_syncs === null || after.wal_syncs === null ? null : round2((after.wal_syncs - before.wal_syncs) / n),
  };
}
