import { createVersionCache } from './version-cache';

const row = (engine_reason: string | null, html = '<b>x</b>') => ({ engine_reason, composition_html: html });

describe('createVersionCache', () => {
  it('keeps a decided version and answers it for the same org, template and version only', () => {
    const cache = createVersionCache<ReturnType<typeof row>>(10);
    cache.remember('org-a', 't1', 1, row('parity_ok'));
    expect(cache.get('org-a', 't1', 1)).toEqual(row('parity_ok'));
    expect(cache.get('org-b', 't1', 1)).toBeUndefined();
    expect(cache.get('org-a', 't1', 2)).toBeUndefined();
    expect(cache.get('org-a', 't2', 1)).toBeUndefined();
  });

  it('never keeps a version whose engine decision is pending (the parity check replaces it once)', () => {
    const cache = createVersionCache<ReturnType<typeof row>>(10);
    const pending = row('parity_pending');
    expect(cache.remember('org-a', 't1', 1, pending)).toBe(pending);
    expect(cache.get('org-a', 't1', 1)).toBeUndefined();
    cache.remember('org-a', 't1', 1, row(null));
    expect(cache.get('org-a', 't1', 1)).toEqual(row(null));
  });

  it('hands out copies: a caller changing its row changes no other render', () => {
    const cache = createVersionCache<ReturnType<typeof row>>(10);
    const original = row('static_gate');
    cache.remember('org-a', 't1', 1, original);
    original.composition_html = 'changed by the first render';
    const got = cache.get('org-a', 't1', 1)!;
    got.composition_html = 'changed by the second';
    expect(cache.get('org-a', 't1', 1)!.composition_html).toBe('<b>x</b>');
  });

  it('drops the least recently used version past its size', () => {
    const cache = createVersionCache<ReturnType<typeof row>>(2);
    cache.remember('o', 't', 1, row(null));
    cache.remember('o', 't', 2, row(null));
    cache.get('o', 't', 1);
    cache.remember('o', 't', 3, row(null));
    expect(cache.size).toBe(2);
    expect(cache.get('o', 't', 2)).toBeUndefined();
    expect(cache.get('o', 't', 1)).toBeDefined();
    expect(cache.get('o', 't', 3)).toBeDefined();
  });

  it('keeps nothing with size 0', () => {
    const cache = createVersionCache<ReturnType<typeof row>>(0);
    cache.remember('o', 't', 1, row(null));
    expect(cache.size).toBe(0);
  });
});
