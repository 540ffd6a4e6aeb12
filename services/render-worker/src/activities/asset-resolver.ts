import crypto from 'node:crypto';
import type { Knex } from '@rp/db';
import type { ObjectStore } from '@rp/storage';
import type { AssetResolver } from '../renderer/types';
import { createAssetBytesCache } from './asset-bytes-cache';

/** Asset bytes read by this process (asset-bytes-cache.ts): 64 MiB, no file over 16 MiB. */
const bytesCache = createAssetBytesCache(64 * 1024 * 1024);

/**
 * `asset://<id>` resolves only to assets of the render's own org: another org's id reads as missing. The row is read
 * every time (scope, deletion); the object only when this process has not yet read those exact bytes, and it is kept
 * only when its content matches the row's sha256.
 */
export function createAssetResolver(db: Knex, store: ObjectStore, orgId: string): AssetResolver {
  return async (assetId) => {
    if (!/^[0-9a-f-]{36}$/i.test(assetId)) return null;
    const row = await db('assets').where({ id: assetId, org_id: orgId }).first('storage_path', 'content_type', 'sha256');
    if (!row) return null;
    const cached = bytesCache.get(row.storage_path, row.sha256);
    if (cached) return { contentType: row.content_type, body: cached };
    const body = await store.getBuffer(row.storage_path);
    if (crypto.createHash('sha256').update(body).digest('hex') === row.sha256) bytesCache.set(row.storage_path, row.sha256, body);
    return { contentType: row.content_type, body };
  };
}
