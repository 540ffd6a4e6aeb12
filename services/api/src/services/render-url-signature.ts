import crypto from 'node:crypto';

/** RFC 3986 percent-encoding: everything but A-Z a-z 0-9 - _ . ~ (what Python's quote(s, safe='-_.~') does). */
export const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The string a render URL's `sig` signs: the path, `?`, then every query parameter except `sig` as
 * `encode(name)=encode(value)`, sorted by name then value, joined by `&` (encode = RFC 3986, UTF-8).
 * `exp`, when present, is a parameter like any other, so it is covered by the signature.
 */
export function canonicalRenderUrl(path: string, params: [string, string][]): string {
  const pairs = params
    .filter(([k]) => k !== 'sig')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return `${path}?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

/** Hex HMAC-SHA256 of the canonical form under the URL key's secret. */
export const signRenderUrl = (secret: string, canonical: string) => crypto.createHmac('sha256', secret).update(canonical).digest('hex');

export function verifyRenderUrlSignature(secret: string, canonical: string, sig: string): boolean {
  const expected = Buffer.from(signRenderUrl(secret, canonical), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(sig) ? Buffer.from(sig, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
