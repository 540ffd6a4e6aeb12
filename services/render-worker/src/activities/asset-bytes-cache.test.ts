import { createAssetBytesCache } from './asset-bytes-cache';

const buf = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('createAssetBytesCache', () => {
  it('answers the bytes for the same storage path and hash only', () => {
    const cache = createAssetBytesCache(100);
    cache.set('org/a/1', 'h1', buf(10));
    expect(cache.get('org/a/1', 'h1')).toEqual(buf(10));
    expect(cache.get('org/a/1', 'h2')).toBeUndefined();
    expect(cache.get('org/b/1', 'h1')).toBeUndefined();
  });

  it('drops the least recently used entries past its byte budget', () => {
    const cache = createAssetBytesCache(30, 30);
    cache.set('a', 'h', buf(10));
    cache.set('b', 'h', buf(10));
    cache.set('c', 'h', buf(10));
    cache.get('a', 'h');
    cache.set('d', 'h', buf(10));
    expect(cache.bytes).toBe(30);
    expect(cache.get('b', 'h')).toBeUndefined();
    expect([cache.get('a', 'h'), cache.get('c', 'h'), cache.get('d', 'h')].every(Boolean)).toBe(true);
  });

  it('never keeps a file over the entry cap, and counts a replaced entry once', () => {
    const cache = createAssetBytesCache(100, 20);
    cache.set('big', 'h', buf(21));
    expect(cache.get('big', 'h')).toBeUndefined();
    cache.set('a', 'h', buf(10));
    cache.set('a', 'h', buf(15));
    expect(cache.bytes).toBe(15);
  });
});
