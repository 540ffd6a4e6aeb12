import type { Knex } from '@rp/db';
import { validationFailed } from '@rp/errors';
import type { Context } from 'koa';

/** `limit` (1-100, default 20) and an opaque `cursor`: the same list parameters on every list route. */
export const listQuerySchema = {
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Page size (1-100).' },
  cursor: {
    type: 'string',
    maxLength: 200,
    description: 'Opaque cursor from the `Next-Cursor` header of the previous page; returns older items.',
  },
} as const;

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

/**
 * Keyset pagination, newest first (created_at desc, id desc). Lists answer a JSON array; when more
 * items exist the `Next-Cursor` header carries the cursor for the next page (and a `Link: rel="next"`).
 */
export async function paginate<T extends { created_at: Date | string; id: string }>(
  ctx: Context,
  qb: Knex.QueryBuilder,
  opts: { limit: number; cursor?: string; table?: string },
): Promise<T[]> {
  const col = (c: string) => (opts.table ? `${opts.table}.${c}` : c);
  if (opts.cursor) {
    const c = decode(opts.cursor);
    qb.where((w) => {
      void w.where(col('created_at'), '<', c.t).orWhere((w2) => {
        void w2.where(col('created_at'), '=', c.t).andWhere(col('id'), '<', c.id);
      });
    });
  }
  const rows = (await qb.orderBy(col('created_at'), 'desc').orderBy(col('id'), 'desc').limit(opts.limit + 1)) as T[];
  if (rows.length > opts.limit) {
    rows.length = opts.limit;
    const last = rows[rows.length - 1]!;
    const t = last.created_at instanceof Date ? last.created_at.toISOString() : new Date(last.created_at).toISOString();
    const next = encode({ t, id: last.id });
    ctx.set('Next-Cursor', next);
    const url = new URL(ctx.href);
    url.searchParams.set('cursor', next);
    ctx.set('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return rows;
}
