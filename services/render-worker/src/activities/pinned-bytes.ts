import crypto from 'node:crypto';
import type { ObjectStore } from '@rp/storage';
import type { PinnedResource } from '@rp/workflow-safe';
import { createPinnedResolver, type PinnedResolver } from '../renderer/pinned-resolver';
import { createAssetBytesCache } from './asset-bytes-cache';

/** Pinned bytes this process has read (32 MiB, no file over 8 MiB): a pinned font is read once, not per render. */
const bytesCache = createAssetBytesCache(32 * 1024 * 1024);

/**
 * A version's manifest resolved against object storage. Keys are content addresses, so a cached entry can only hold
 * those bytes; bytes are kept only when they hash to the manifest's sha256.
 */
export function pinnedResolverFor(store: Pick<ObjectStore, 'getBuffer'>, manifest: PinnedResource[] | null | undefined): PinnedResolver {
  return createPinnedResolver(manifest ?? [], async (key, sha256) => {
    const cached = bytesCache.get(key, sha256);
    if (cached) return cached;
    const body = await store.getBuffer(key);
    if (crypto.createHash('sha256').update(body).digest('hex') === sha256) bytesCache.set(key, sha256, body);
    return body;
  });
}
