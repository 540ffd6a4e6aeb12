import { guardedGet, GuardedGetError, type GuardedGetCode, type SsrfGuard } from '@rp/net-guard';
import { PIN_CAPS, PIN_USER_AGENT, type UnresolvedCode } from '@rp/workflow-safe';

/** A resource that could not be pinned: recorded `unresolved` with this code and message. */
export class PinFetchError extends Error {
  constructor(
    readonly code: UnresolvedCode,
    message: string,
  ) {
    super(message);
    this.name = 'PinFetchError';
  }
}

export interface Fetched {
  body: Buffer;
  contentType: string;
}

export interface PinFetchOptions {
  /** Aborts the fetch (the run's deadline); the per-fetch timeout is applied here. */
  signal: AbortSignal;
  /** Bytes this resource may have (the smaller of the per-resource cap and what the run has left). */
  maxBytes: number;
}

/** The code a render of the version answers for a resource that failed this way (pinned-resolver.ts). */
const UNRESOLVED: Record<GuardedGetCode, UnresolvedCode> = {
  ssrf_blocked: 'ssrf_blocked',
  unresolvable: 'asset_unreachable',
  http_status: 'asset_unreachable',
  unreachable: 'asset_unreachable',
  too_large: 'asset_too_large',
  too_many_redirects: 'asset_unreachable',
  timeout: 'asset_unreachable',
  aborted: 'asset_unreachable',
};

const HEADERS = { 'user-agent': PIN_USER_AGENT, accept: '*/*', 'accept-encoding': 'identity' };

/**
 * One resource's bytes for pinning, under the render path's rules (@rp/net-guard guardedGet): http(s) only, each
 * hop checked by the SSRF guard and its socket pinned to the approved address, at most PIN_CAPS.MAX_REDIRECTS
 * redirects; with a browser's User-Agent, at most `maxBytes`, and within FETCH_TIMEOUT_MS from start to last byte
 * (a server that trickles bytes is cut off there). Every failure is a PinFetchError naming the URL.
 */
export async function fetchForPinning(guard: SsrfGuard, url: string, opts: PinFetchOptions): Promise<Fetched> {
  try {
    const got = await guardedGet({
      guard, url, maxBytes: opts.maxBytes, maxRedirects: PIN_CAPS.MAX_REDIRECTS, signal: opts.signal, timeoutMs: PIN_CAPS.FETCH_TIMEOUT_MS, headers: HEADERS,
    });
    return { body: got.body, contentType: got.contentType };
  } catch (err) {
    if (!(err instanceof GuardedGetError)) throw err;
    const message = err.code === 'aborted' ? `${url.slice(0, 200)}: not fetched within the pinning deadline of ${PIN_CAPS.DEADLINE_MS} ms` : err.message;
    throw new PinFetchError(UNRESOLVED[err.code], message);
  }
}
