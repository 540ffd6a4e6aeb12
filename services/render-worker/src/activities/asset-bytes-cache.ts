import { LruMap } from '@rp/workflow-safe';

export interface AssetBytesCache {
  get(storagePath: string, sha256: string): Buffer | undefined;
  set(storagePath: string, sha256: string, body: Buffer): void;
  readonly bytes: number;
}

/**
 * Bytes of uploaded assets this worker process has read from object storage, so a template that shows the same
 * photo or font on every render reads it once. An asset is written once under a fresh id and never changed (the
 * API's createAsset), and its row records the content's sha256: keyed by storage path and hash, an entry can only
 * ever hold those exact bytes. The row is still read for every render (resolveAsset), so the org scope and a
 * deletion take effect as before; only the object read is saved. Least recently used entries leave first once
 * `maxBytes` is exceeded; a file over `maxEntryBytes` is never kept.
 */
export function createAssetBytesCache(maxBytes: number, maxEntryBytes = Math.floor(maxBytes / 4)): AssetBytesCache {
  const entries = new LruMap<string, Buffer>(maxBytes, (body) => body.length);
  const key = (storagePath: string, sha256: string) => `${storagePath}\0${sha256}`;
  return {
    get: (storagePath, sha256) => entries.get(key(storagePath, sha256)),
    set(storagePath, sha256, body) {
      if (body.length <= maxEntryBytes) entries.set(key(storagePath, sha256), body);
    },
    get bytes() {
      return entries.weight;
    },
  };
}
