import type { PinnedResource } from '@rp/workflow-safe';
import { createPinnedResolver, pinnedMatchKey } from './pinned-resolver';

const entry = (url: string): PinnedResource =>
  ({ url, kind: 'stylesheet', status: 'pinned', asset_key: 'k', sha256: 's', content_type: 'text/css' }) as PinnedResource;

describe('createPinnedResolver', () => {
  it("matches the URL a browser asks for to the one pinning fetched, however each escaped the path", () => {
    // Node's fetch pinned `@^2`; Chromium asks for `@%5E2`
    const r = createPinnedResolver([entry('https://unpkg.com/tailwindcss@^2/dist/tailwind.min.css')], async () => Buffer.alloc(0));
    expect(r.match('https://unpkg.com/tailwindcss@%5E2/dist/tailwind.min.css')?.url).toBe('https://unpkg.com/tailwindcss@^2/dist/tailwind.min.css');
    expect(r.match('https://unpkg.com/tailwindcss@%5e2/dist/tailwind.min.css#x')).not.toBeNull();
    const escaped = createPinnedResolver([entry('https://unpkg.com/tailwindcss@%5E2/dist/tailwind.min.css')], async () => Buffer.alloc(0));
    expect(escaped.match('https://unpkg.com/tailwindcss@^2/dist/tailwind.min.css')).not.toBeNull();
  });
  it('keeps reserved escapes apart: an escaped slash or query character names another resource', () => {
    const r = createPinnedResolver([entry('https://cdn.example/a/b.css?x=1')], async () => Buffer.alloc(0));
    expect(r.match('https://cdn.example/a%2Fb.css?x=1')).toBeNull();
    expect(r.match('https://cdn.example/a/b.css%3Fx=1')).toBeNull();
    expect(r.match('https://cdn.example/a/b.css?x=2')).toBeNull();
  });
});

describe('pinnedMatchKey', () => {
  it('reads escapes of printable unreserved characters as the characters, upper-cases the rest', () => {
    expect(pinnedMatchKey('https://h/p%7Cq%5e%2f%20')).toBe('https://h/p|q^%2F%20');
  });
});
