import type { Knex } from '@rp/db';
import type { ObjectStore } from '@rp/storage';
import type { AssetResolver } from '../renderer/types';

/** `asset://<id>` resolves only to assets of the render's own org: another org's id reads as missing. */
export function createAssetResolver(db: Knex, store: ObjectStore, orgId: string): AssetResolver {
  return async (assetId) => {
    if (!/^[0-9a-f-]{36}$/i.test(assetId)) return null;
    const row = await db('assets').where({ id: assetId, org_id: orgId }).first('storage_path', 'content_type');
    if (!row) return null;
    return { contentType: row.content_type, body: await store.getBuffer(row.storage_path) };
  };
}
