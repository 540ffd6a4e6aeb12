import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('forgets the least recently used entry past its count', () => {
    const m = new LruMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    expect(m.get('a')).toBe(1); // a is now the most recent
    m.set('c', 3);
    expect([m.get('a'), m.get('b'), m.get('c')]).toEqual([1, undefined, 3]);
    expect(m.size).toBe(2);
  });

  it('getOrSet computes a missing value once and keeps it as the most recent', () => {
    const m = new LruMap<string, number>(2);
    const make = jest.fn(() => 7);
    expect(m.getOrSet('a', make)).toBe(7);
    expect(m.getOrSet('a', make)).toBe(7);
    expect(make).toHaveBeenCalledTimes(1);
    m.set('b', 2);
    m.getOrSet('a', make); // a is now the most recent
    m.set('c', 3);
    expect([m.get('a'), m.get('b'), m.get('c')]).toEqual([7, undefined, 3]);
  });

  it('weighs entries when told, replaces a key without counting it twice, and keeps nothing past a zero budget', () => {
    const m = new LruMap<string, Buffer>(10, (b) => b.length);
    m.set('a', Buffer.alloc(4));
    m.set('a', Buffer.alloc(6));
    expect(m.weight).toBe(6);
    m.set('b', Buffer.alloc(5));
    expect([m.get('a'), m.weight]).toEqual([undefined, 5]);
    expect(m.delete('b')).toBe(true);
    expect(m.weight).toBe(0);
    const none = new LruMap<string, number>(0);
    none.set('x', 1);
    expect(none.size).toBe(0);
  });
});
