import assert from 'node:assert/strict';
import type { ApiClient, ApiResponse } from '../index';

// Shared by the resource suites. Plain node:assert, not jest's expect: this file is compiled with the test
// package, which builds without jest globals.

const show = (res: ApiResponse) => `${res.status}: ${res.text.slice(0, 500)}`;

/** Asserts the shared error shape and that `details` names `field` (the contract every 422 keeps). */
export function expectFieldError(res: ApiResponse, field: string, status = 422, code = 'validation_failed'): void {
  assert.equal(res.status, status, `expected ${status} naming ${field}, got ${show(res)}`);
  assert.equal(res.body?.error?.code, code, `expected code ${code}, got ${show(res)}`);
  const fields = (res.body.error.details as { field: string }[]).map((d) => d.field);
  assert.ok(fields.includes(field), `expected details to name ${field}, got ${JSON.stringify(fields)}`);
}

/** Asserts a 2xx answer, printing the body when it is not (a bare status mismatch says too little). */
export function expectOk(res: ApiResponse, status = 200): ApiResponse {
  assert.equal(res.status, status, `expected ${status}, got ${show(res)}`);
  return res;
}

/** 404 not_found: what another org's resource (or a deleted one) must look like. */
export function expectNotFound(res: ApiResponse): void {
  assert.equal(res.status, 404, `expected 404, got ${show(res)}`);
  assert.equal(res.body?.error?.code, 'not_found');
}

/** Follows Next-Cursor until the last page; returns every item in the order served, plus the page count. */
export async function readAllPages(api: ApiClient, path: string, limit: number): Promise<{ items: any[]; pages: number }> {
  const items: any[] = [];
  let pages = 0;
  let cursor: string | null = null;
  const sep = path.includes('?') ? '&' : '?';
  do {
    const res = expectOk(await api.get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    assert.ok(res.body.length <= limit, `page of ${res.body.length} items exceeds limit ${limit}`);
    items.push(...res.body);
    pages += 1;
    cursor = res.headers.get('next-cursor');
  } while (cursor && pages < 100);
  return { items, pages };
}

/**
 * Every created id exactly once, newest first. Rows created in the same millisecond are ordered by id,
 * so creation order is compared through created_at rather than assumed.
 */
export function expectNewestFirstOnce(items: { id: string; created_at: string }[], createdIds: string[]): void {
  const ids = items.map((x) => x.id);
  assert.equal(new Set(ids).size, ids.length, 'an item was served twice');
  assert.deepEqual([...ids].sort(), [...createdIds].sort());
  for (let i = 1; i < items.length; i++) {
    const [prev, cur] = [items[i - 1]!, items[i]!];
    assert.ok(prev.created_at > cur.created_at || (prev.created_at === cur.created_at && prev.id > cur.id), `items ${i - 1} and ${i} are out of order`);
  }
}

export const str = (n: number, c = 'a') => c.repeat(n);
