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

// `<created_at epoch ms>_<id>`, the shape the list routes' `cursor` pattern documents (http/pagination.ts)
const encode = (c: { ms: number; id: string }) => `${c.ms}_${c.id}`;

function decode(raw: string): Cursor {
  const m = /^([0-9]{1,13})_([0-9a-fA-F-]{36})$/.exec(raw);
  if (!m) throw validationFailed([{ field: 'cursor', message: 'is not a valid cursor' }]);
  return { t: new Date(Number(m[1])).toISOString(), id: m[2]!.toLowerCase() };
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
  return { items, nextCursor: encode({ ms: new Date(last.created_at).getTime(), id: last.id }) };
}
