import crypto from 'node:crypto';
import { canonicalJson, type Modification } from '@rp/workflow-safe';
import type { Knex } from '@rp/db';

/**
 * What makes two image renders identical: the org (a cache hit never crosses orgs), the pinned template version
 * and what it renders at (format, size), and the modifications in name order.
 */
export function renderCacheKey(orgId: string, version: Record<string, any>, modifications: Modification[]): string {
  const mods = [...modifications].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const key = {
    org: orgId,
    template: version.template_id,
    version: version.version,
    format: version.format,
    width: version.width,
    height: version.height,
    modifications: mods,
  };
  return crypto.createHash('sha256').update(canonicalJson(key)).digest('hex');
}

/** The newest completed image render of the org with this cache key, or undefined. */
export function findCachedRender(db: Knex, orgId: string, cacheKey: string) {
  return db('renders')
    .where({ org_id: orgId, cache_key: cacheKey, status: 'completed', kind: 'image' })
    .whereNotNull('result_path')
    .orderBy('completed_at', 'desc')
    .first();
}
