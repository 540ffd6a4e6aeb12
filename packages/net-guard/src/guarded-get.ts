import http from 'node:http';
import https from 'node:https';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GuardedGetError } from './guarded-get-error';
import { pinnedLookup } from './pinned-lookup';
import { HostUnresolvableError, SsrfBlockedError, type SsrfGuard } from './ssrf-guard';

export interface GuardedGetOptions {
  guard: SsrfGuard;
  url: string;
  /** Bytes the body may have: checked on Content-Length and while streaming. */
  maxBytes: number;
  /** Redirects followed, each checked by the guard again; one more fails `too_many_redirects`. */
  maxRedirects: number;
  /** The caller's abort (a run's deadline, a cancelled activity): the fetch fails `aborted` at once. */
  signal?: AbortSignal;
  /** From the start, the guard's DNS check included, to the last byte: a server that trickles bytes is cut off. */
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Where the body goes as it arrives (a file), made once a 200 answers; without it the body is collected. */
  sink?: () => Writable;
}

export interface GuardedResponse {
  /** The URL that answered, after redirects (what a browser resolves the body's relative URLs against). */
  url: string;
  contentType: string;
  bytes: number;
  /** The body; empty when a sink took it. */
  body: Buffer;
}

type Hop = GuardedResponse | { location: string };

/** Settles as `work`, or rejects with the signal's reason when it aborts first: a DNS lookup cannot be aborted itself. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function check(guard: SsrfGuard, target: string): Promise<{ url: URL; address: string }> {
  try {
    return await guard.check(target);
  } catch (err) {
    if (err instanceof HostUnresolvableError) throw new GuardedGetError('unresolvable', target, 'host does not resolve', { cause: err });
    const detail = err instanceof SsrfBlockedError ? err.detail : null;
    throw new GuardedGetError('ssrf_blocked', target, (err as Error).message, { detail, cause: err });
  }
}

/** One GET, the socket pinned to the address the guard approved (no second DNS lookup to rebind). */
function request(url: URL, address: string, headers: Record<string, string> | undefined, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.get(url, { lookup: pinnedLookup(address), agent: false, signal, headers }, resolve);
    req.on('error', reject);
  });
}

const tooLarge = (target: string, maxBytes: number) => new GuardedGetError('too_large', target, `larger than ${maxBytes} bytes`);

async function readBody(res: http.IncomingMessage, target: string, opts: GuardedGetOptions, signal: AbortSignal) {
  let bytes = 0;
  const chunks: Buffer[] = [];
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > opts.maxBytes ? tooLarge(target, opts.maxBytes) : null, chunk);
    },
  });
  const collect = () => new Writable({ write: (chunk: Buffer, _encoding, done) => void (chunks.push(chunk), done()) });
  try {
    await pipeline(res, cap, (opts.sink ?? collect)(), { signal });
  } catch (err) {
    if (signal.aborted || err instanceof GuardedGetError) throw err;
    const closed = ['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE'].includes(String((err as NodeJS.ErrnoException).code));
    throw new GuardedGetError('unreachable', target, closed ? 'connection closed before the end' : (err as Error).message, { cause: err });
  }
  return { bytes, body: Buffer.concat(chunks) };
}

async function getOnce(target: string, opts: GuardedGetOptions, signal: AbortSignal): Promise<Hop> {
  const { url, address } = await raceAbort(check(opts.guard, target), signal);
  const res = await request(url, address, opts.headers, signal);
  const status = res.statusCode ?? 0;
  if (status >= 300 && status < 400 && res.headers.location) {
    res.destroy();
    return { location: res.headers.location };
  }
  if (status !== 200) {
    res.destroy();
    throw new GuardedGetError('http_status', target, `answered ${status}`, { status });
  }
  if (Number(res.headers['content-length'] ?? 0) > opts.maxBytes) {
    res.destroy();
    throw tooLarge(target, opts.maxBytes);
  }
  const { bytes, body } = await readBody(res, target, opts, signal);
  return { url: target, contentType: String(res.headers['content-type'] ?? 'application/octet-stream'), bytes, body };
}

/** The next hop of a redirect: http(s) only, whatever the guard would say about it. */
function nextHop(location: string, from: string): string {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new GuardedGetError('unreachable', from, 'redirected to an invalid URL');
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new GuardedGetError('ssrf_blocked', next.href, 'scheme not allowed');
  return next.href;
}

/**
 * GETs a URL for a template under the render path's rules (docs/security.md): each hop is checked by the SSRF
 * guard, raced against the abort (a lookup that hangs does not hold the caller), and its socket pinned to the
 * address the guard approved; redirects are followed up to `maxRedirects`, each checked again, to http(s) only;
 * at most `maxBytes` are read (Content-Length or streamed); `timeoutMs` bounds it from start to last byte. Every
 * failure is a GuardedGetError with a code the caller maps to its own.
 */
export async function guardedGet(opts: GuardedGetOptions): Promise<GuardedResponse> {
  const timeout = opts.timeoutMs === undefined ? null : AbortSignal.timeout(opts.timeoutMs);
  const signal = AbortSignal.any([opts.signal, timeout].filter((s): s is AbortSignal => s !== undefined && s !== null));
  let target = opts.url;
  try {
    for (let hop = 0; ; hop++) {
      const res = await getOnce(target, opts, signal);
      if (!('location' in res)) return res;
      if (hop >= opts.maxRedirects) throw new GuardedGetError('too_many_redirects', opts.url, `more than ${opts.maxRedirects} redirects`);
      target = nextHop(res.location, target);
    }
  } catch (err) {
    if (err instanceof GuardedGetError) throw err;
    if (opts.signal?.aborted) throw new GuardedGetError('aborted', opts.url, 'aborted', { cause: opts.signal.reason });
    if (timeout?.aborted) throw new GuardedGetError('timeout', opts.url, `no complete answer within ${opts.timeoutMs} ms`, { cause: err });
    throw new GuardedGetError('unreachable', target, (err as Error).message, { cause: err });
  }
}
