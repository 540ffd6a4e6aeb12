import type { Context } from 'koa';
import type { Knex } from '@rp/db';
import { validationFailed } from '@rp/errors';

const encode = (version: number) => Buffer.from(JSON.stringify({ v: version })).toString('base64url');

function decode(raw: string): number {
  try {
    const v = (JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { v?: unknown }).v;
    if (Number.isInteger(v) && (v as number) > 0) return v as number;
  } catch {
    /* fall through */
  }
  throw validationFailed([{ field: 'cursor', message: 'is not a valid cursor' }]);
}

/**
 * Versions newest first, keyed on the version number rather than created_at: versions are strictly ordered by
 * number, while two could share a millisecond. Same contract as paginate(): array body + Next-Cursor/Link.
 */
export async function listTemplateVersions(
  ctx: Context,
  db: Knex,
  where: { orgId: string; templateId: string },
  opts: { limit: number; cursor?: string },
): Promise<Record<string, any>[]> {
  const qb = db('template_versions').where({ org_id: where.orgId, template_id: where.templateId });
  if (opts.cursor) qb.where('version', '<', decode(opts.cursor));
  const rows = await qb.orderBy('version', 'desc').limit(opts.limit + 1);
  if (rows.length > opts.limit) {
    rows.length = opts.limit;
    const next = encode(rows[rows.length - 1].version);
    ctx.set('Next-Cursor', next);
    const url = new URL(ctx.href);
    url.searchParams.set('cursor', next);
    ctx.set('Link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return rows;
}
