import crypto from 'node:crypto';

/**
 * Result URLs are API download routes signed with HMAC: `${PUBLIC_API_URL}/files/<path>?expires=..&sig=..`.
 * They work from any host that reaches the API (no MinIO exposure) and expire; they are minted on read.
 */
export interface FileUrlSignerOptions {
  publicApiUrl: string;
  secret: string;
  ttlSeconds?: number;
  now?: () => number;
}

const DEFAULT_TTL = 7 * 24 * 3600;

function mac(secret: string, storagePath: string, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`${storagePath}\n${expires}`).digest('base64url');
}

export function createFileUrlSigner(opts: FileUrlSignerOptions): (storagePath: string) => string {
  const base = opts.publicApiUrl.replace(/\/+$/, '');
  const ttl = opts.ttlSeconds ?? DEFAULT_TTL;
  const now = opts.now ?? Date.now;
  return (storagePath: string) => {
    // round expiry to the hour so repeated reads give the same URL (cache friendly)
    const expires = Math.ceil((now() / 1000 + ttl) / 3600) * 3600;
    const encoded = storagePath.split('/').map(encodeURIComponent).join('/');
    return `${base}/files/${encoded}?expires=${expires}&sig=${mac(opts.secret, storagePath, expires)}`;
  };
}

export function verifyFileUrl(
  secret: string,
  storagePath: string,
  expires: string | undefined,
  sig: string | undefined,
  nowMs = Date.now(),
): 'ok' | 'expired' | 'invalid' {
  if (!expires || !sig || !/^\d+$/.test(expires)) return 'invalid';
  const expected = Buffer.from(mac(secret, storagePath, Number(expires)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return 'invalid';
  return Number(expires) * 1000 < nowMs ? 'expired' : 'ok';
}
