import { parseRetryAfter, RETRY_AFTER_CAP_MS } from './retry-after';

describe('Retry-After', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
  });

  it('reads an HTTP date relative to now', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0); // in the past: no extra wait
  });

  it('caps long waits at one hour', () => {
    expect(parseRetryAfter('86400', now)).toBe(RETRY_AFTER_CAP_MS);
    expect(parseRetryAfter('Mon, 02 Mar 2026 12:00:00 GMT', now)).toBe(RETRY_AFTER_CAP_MS);
  });

  it('ignores absent or malformed values', () => {
    for (const v of [undefined, null, '', 'soon', '1.5', '-3', '2026-03-01']) expect(parseRetryAfter(v, now)).toBeNull();
  });
});
