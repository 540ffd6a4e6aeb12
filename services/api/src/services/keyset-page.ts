import type { Knex } from '@rp/db';
import { validationFailed } from '@rp/errors';

/** One page of a list, newest first; `nextCursor` is null on the last page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface PageQuery {
  limit: number;
  cursor?: string;
}

interface Cursor {
  t: string;
  id: string;
}

const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decode(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.t === 'string' && typeof c.id === 'string' && !Number.isNaN(Date.parse(c.t))) return c;
  } catch {
    /* fall through */
  }
  throw validationFailed([{ field: 'cursor', message: 'is not a valid cursor' }]);
}

/** Keyset pagination, newest first (created_at desc, id desc): stable under inserts, no OFFSET scans. */
export async function keysetPage<T extends { created_at: Date | string; id: string }>(
  qb: Knex.QueryBuilder,
  opts: PageQuery & { table?: string },
): Promise<Page<T>> {
  const col = (c: string) => (opts.table ? `${opts.table}.${c}` : c);
  if (opts.cursor) {
    const c = decode(opts.cursor);
    qb.where((w) => {
      void w.where(col('created_at'), '<', c.t).orWhere((w2) => {
        void w2.where(col('created_at'), '=', c.t).andWhere(col('id'), '<', c.id);
      });
    });
  }
  const items = (await qb.orderBy(col('created_at'), 'desc').orderBy(col('id'), 'desc').limit(opts.limit + 1)) as T[];
  if (items.length <= opts.limit) return { items, nextCursor: null };
  items.length = opts.limit;
  const last = items[items.length - 1]!;
  return { items, nextCursor: encode({ t: new Date(last.created_at).toISOString(), id: last.id }) };
}
