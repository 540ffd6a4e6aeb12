import type { Knex, TemplateVersionRow } from '@rp/db';
import { validationFailed } from '@rp/errors';
import type { Page, PageQuery } from './keyset-page';
import { assertTemplateLive } from './template-service';

// the last version seen, the shape the versions route's `cursor` pattern documents (http/pagination.ts)
const encode = (version: number) => String(version);

function decode(raw: string): number {
  if (/^[0-9]{1,9}$/.test(raw)) return Number(raw);
  throw validationFailed([{ field: 'cursor', message: 'is not a valid cursor' }]);
}

/**
 * Versions newest first, keyed on the version number rather than created_at: versions are strictly ordered by
 * number, while two could share a millisecond. A deleted template answers 404.
 */
export async function listTemplateVersions(
  db: Knex,
  where: { orgId: string; templateId: string },
  opts: PageQuery,
): Promise<Page<TemplateVersionRow>> {
  await assertTemplateLive(db, where.orgId, where.templateId);
  const qb = db('template_versions').where({ org_id: where.orgId, template_id: where.templateId });
  if (opts.cursor) qb.where('version', '<', decode(opts.cursor));
  const items: TemplateVersionRow[] = await qb.orderBy('version', 'desc').limit(opts.limit + 1);
  if (items.length <= opts.limit) return { items, nextCursor: null };
  items.length = opts.limit;
  return { items, nextCursor: encode(items[items.length - 1]!.version) };
}
