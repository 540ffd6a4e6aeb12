import fs from 'node:fs';
import { guardedGet, GuardedGetError, type GuardedGetCode, type SsrfGuard } from '@rp/net-guard';
import { RenderFailure } from '../renderer/types';

/** Redirects an audio URL may take, each checked by the SSRF guard again, as the native engine's resources. */
const MAX_AUDIO_REDIRECTS = 5;

export interface DownloadCappedOptions {
  url: string;
  destPath: string;
  ssrfGuard: SsrfGuard;
  maxBytes: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * How each failure ends the render: network trouble (a connection that fails, a server too slow, the activity's
 * abort) is retryable; a wrong answer (a refused address, a status, too many bytes or redirects) is not.
 */
const FAILURES: Record<GuardedGetCode, { code: 'ssrf_blocked' | 'asset_unreachable' | 'asset_too_large'; retryable: boolean }> = {
  ssrf_blocked: { code: 'ssrf_blocked', retryable: false },
  unresolvable: { code: 'asset_unreachable', retryable: false },
  http_status: { code: 'asset_unreachable', retryable: false },
  unreachable: { code: 'asset_unreachable', retryable: true },
  too_large: { code: 'asset_too_large', retryable: false },
  too_many_redirects: { code: 'asset_unreachable', retryable: false },
  timeout: { code: 'asset_unreachable', retryable: true },
  aborted: { code: 'asset_unreachable', retryable: true },
};

/**
 * GETs a URL into a file under the same rules as a render page (@rp/net-guard guardedGet): the SSRF guard approves
 * each hop and the socket is pinned to the approved address; more than maxBytes is cut off and fails with
 * asset_too_large; the whole download is bounded by timeoutMs.
 */
export async function downloadCapped(opts: DownloadCappedOptions): Promise<{ bytes: number }> {
  try {
    const got = await guardedGet({
      guard: opts.ssrfGuard,
      url: opts.url,
      maxBytes: opts.maxBytes,
      maxRedirects: MAX_AUDIO_REDIRECTS,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
      sink: () => fs.createWriteStream(opts.destPath),
    });
    return { bytes: got.bytes };
  } catch (err) {
    if (!(err instanceof GuardedGetError)) throw err;
    const { code, retryable } = FAILURES[err.code];
    const message = code === 'ssrf_blocked' ? err.message : `audio ${err.message}`;
    throw new RenderFailure(code, message, retryable, err.extra.detail ?? null);
  }
}
