import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// DATE columns stay 'YYYY-MM-DD' strings: parsing them into JS Dates would shift them by the TZ offset.
pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);
// bigint counts (assets.bytes, count(*)) fit a JS number here.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

export function createDb(databaseUrl: string, opts: { poolMax?: number } = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: 0, max: opts.poolMax ?? 10 },
    acquireConnectionTimeout: 10_000,
  });
}

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({
    directory: MIGRATIONS_DIR,
    loadExtensions: ['.js'],
  })) as [number, string[]];
  return applied;
}

/** True when the error means Postgres itself is unreachable (not a query error). */
export function isDbUnavailable(err: unknown): boolean {
  const e = err as { code?: string; name?: string; message?: string };
  if (!e) return false;
  if (e.name === 'KnexTimeoutError') return true;
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08006', '08001', '08003'].includes(
    e.code ?? '',
  ) || /Connection terminated|connect ECONNREFUSED/.test(e.message ?? '');
}
