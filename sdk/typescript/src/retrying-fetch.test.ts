import { retryAfterMs, retryingFetch } from './retrying-fetch';

// Unit: the retry loop against a scripted fetch (the stack test proves it against the API's real 429).
function scripted(statuses: number[], headers: Record<string, string> = {}) {
  const seen: Request[] = [];
  const fetchStub = (async (input: string | URL | Request, init?: RequestInit) => {
    seen.push(new Request(input, init));
    const status = statuses[Math.min(seen.length - 1, statuses.length - 1)]!;
    return new Response(status === 204 ? null : '{}', { status, headers });
  }) as typeof fetch;
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { seen, waits, fetchStub, sleep };
}

describe('retryingFetch', () => {
  test('a render create gets one Idempotency-Key, repeated on every retry after 429 and 503', async () => {
    const s = scripted([429, 503, 202], { 'Retry-After': '2' });
    const f = retryingFetch({ fetch: s.fetchStub, sleep: s.sleep });
    const res = await f('http://api.test/v1/images', { method: 'POST', body: '{"template_id":"x"}' });
    expect(res.status).toBe(202);
    const keys = s.seen.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await Promise.all(s.seen.map((r) => r.text()))).toEqual(Array(3).fill('{"template_id":"x"}'));
    expect(s.waits).toEqual([2000, 2000]);
  });

  test("a caller's key is kept; other POSTs get none", async () => {
    const s = scripted([201]);
    const f = retryingFetch({ fetch: s.fetchStub, sleep: s.sleep });
    await f('http://api.test/v1/collections', { method: 'POST', headers: { 'Idempotency-Key': 'mine' } });
    await f('http://api.test/v1/templates', { method: 'POST' });
    expect(s.seen.map((r) => r.headers.get('Idempotency-Key'))).toEqual(['mine', null]);
  });

  test('gives up after maxRetries and answers the last response; a Retry-After past maxDelayMs is not waited for', async () => {
    const s = scripted([429]);
    expect((await retryingFetch({ fetch: s.fetchStub, sleep: s.sleep, maxRetries: 2 })('http://api.test/v1/people')).status).toBe(429);
    expect(s.seen).toHaveLength(3);
    const long = scripted([503], { 'Retry-After': '3600' });
    expect((await retryingFetch({ fetch: long.fetchStub, sleep: long.sleep })('http://api.test/v1/people')).status).toBe(503);
    expect(long.seen).toHaveLength(1);
  });

  test('Retry-After: seconds or an HTTP date', () => {
    expect(retryAfterMs('7')).toBe(7000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});
