/**
 * Why a guardedGet failed. Each caller maps these to its own codes with a `Record<GuardedGetCode, ...>`, so a code
 * added here fails to compile until every caller says what it means for it.
 * - `ssrf_blocked`: the guard refused a hop (a non-public address, a scheme other than http(s), an invalid URL);
 * - `unresolvable`: a hop's host has no address (not an attack: callers treat it as unreachable);
 * - `http_status`: a hop answered something other than 200 or a redirect (`status` holds it);
 * - `unreachable`: the connection failed or closed before the last byte;
 * - `too_large`: more than `maxBytes`, declared or streamed;
 * - `too_many_redirects`: more than `maxRedirects` redirects;
 * - `timeout`: `timeoutMs` passed before the last byte (the DNS check included);
 * - `aborted`: the caller's signal aborted (`cause` holds its reason).
 */
export type GuardedGetCode =
  | 'ssrf_blocked'
  | 'unresolvable'
  | 'http_status'
  | 'unreachable'
  | 'too_large'
  | 'too_many_redirects'
  | 'timeout'
  | 'aborted';

/** URLs in messages are cut here: a tenant's URL may be long, and messages reach logs and API answers. */
const SHOWN = 200;

/**
 * A failed guardedGet. Its message names the URL and what went wrong, in the form the render path shows tenants:
 * `request to <url> blocked: <why>` for a refused target, `<url>: <why>` otherwise.
 */
export class GuardedGetError extends Error {
  constructor(
    readonly code: GuardedGetCode,
    /** What the failure is about: the hop that failed, or the requested URL for redirects, timeout and abort. */
    readonly url: string,
    /** What went wrong, without the URL ("answered 404", "larger than 1024 bytes"). */
    readonly reason: string,
    readonly extra: {
      /** The status a hop answered (`http_status`). */
      status?: number;
      /** The address a refused host resolved to: for the logs only, never shown to tenants (SsrfBlockedError.detail). */
      detail?: string | null;
      cause?: unknown;
    } = {},
  ) {
    const shown = url.slice(0, SHOWN);
    super(code === 'ssrf_blocked' ? `request to ${shown} blocked: ${reason}` : `${shown}: ${reason}`, { cause: extra.cause });
    this.name = 'GuardedGetError';
  }
}
