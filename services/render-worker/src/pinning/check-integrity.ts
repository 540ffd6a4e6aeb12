import crypto from 'node:crypto';

/** The hash algorithms Subresource Integrity knows, weakest first: a browser compares only the strongest listed. */
const ALGORITHMS = ['sha256', 'sha384', 'sha512'] as const;
type Algorithm = (typeof ALGORITHMS)[number];
const SHOWN = 200;

/** A script whose `integrity` does not match its bytes: a browser would not run it, so the save is refused (422). */
export class IntegrityMismatchError extends Error {
  constructor(url: string, integrity: string, actual: string) {
    super(
      `<script src="${url.slice(0, SHOWN)}">: its integrity attribute ("${integrity.slice(0, SHOWN)}") does not match the bytes ` +
        `fetched from that URL (${actual}); a browser would not run the script, so the version is not saved. ` +
        'Correct the hash for the script the URL serves, or remove the attribute',
    );
    this.name = 'IntegrityMismatchError';
  }
}

/** The digests of the strongest algorithm an `integrity` value lists (`alg-base64[?options]` tokens); null if none. */
function strongest(integrity: string): { algorithm: Algorithm; digests: Buffer[] } | null {
  const listed = integrity
    .trim()
    .split(/\s+/)
    .map((token) => /^(sha256|sha384|sha512)-([A-Za-z0-9+/_-]+={0,2})(\?.*)?$/i.exec(token))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ algorithm: m[1]!.toLowerCase() as Algorithm, digest: Buffer.from(m[2]!, 'base64') }));
  if (!listed.length) return null;
  const algorithm = ALGORITHMS[Math.max(...listed.map((l) => ALGORITHMS.indexOf(l.algorithm)))]!;
  return { algorithm, digests: listed.filter((l) => l.algorithm === algorithm).map((l) => l.digest) };
}

/**
 * Checks a script's bytes against its `integrity` attribute as a browser does (Subresource Integrity): the hashes
 * of the strongest algorithm listed (sha256 < sha384 < sha512) are compared, and any one matching is enough; a
 * value with no hash the browser knows checks nothing. Throws IntegrityMismatchError naming the URL on a mismatch.
 */
export function checkIntegrity(url: string, integrity: string | null, body: Buffer): void {
  const wanted = integrity ? strongest(integrity) : null;
  if (!wanted) return;
  const actual = crypto.createHash(wanted.algorithm).update(body).digest();
  if (wanted.digests.some((d) => d.equals(actual))) return;
  throw new IntegrityMismatchError(url, integrity!, `${wanted.algorithm}-${actual.toString('base64')}`);
}
