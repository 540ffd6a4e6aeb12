import type { Knex } from 'knex';
import type { CollectionItemView } from './rows';

/**
 * A collection's items as the API and its webhook payloads show them, in index order, each with its render's
 * status, file and warnings (an image's in `image_metadata`, a video's in `video_metadata`). Scoped by the org.
 */
export function collectionItemViews(db: Knex, orgId: string, collectionId: string): Promise<CollectionItemView[]> {
  return db('collection_items as ci')
    .join('renders as r', 'r.id', 'ci.render_id')
    .where({ 'ci.collection_id': collectionId, 'ci.org_id': orgId })
    .orderBy('ci.index')
    .select('ci.index', 'ci.render_id', 'ci.metadata', 'r.status', 'r.result_path', 'r.error', db.raw("coalesce(r.image_metadata -> 'warnings', r.video_metadata -> 'warnings') as warnings"));
}
