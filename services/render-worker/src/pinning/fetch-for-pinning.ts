import http from 'node:http';
import https from 'node:https';
import { HostUnresolvableError, SsrfBlockedError, pinnedLookup, type SsrfGuard } from '@rp/net-guard';
import { PIN_CAPS, PIN_USER_AGENT, type UnresolvedCode } from '@rp/workflow-safe';

const SHOWN = 200;

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

async function check(guard: SsrfGuard, url: string) {
  try {
    return await guard.check(url);
  } catch (err) {
    if (err instanceof HostUnresolvableError) throw new PinFetchError('asset_unreachable', `${url.slice(0, SHOWN)}: host does not resolve`);
    throw new PinFetchError('ssrf_blocked', `request to ${url.slice(0, SHOWN)} blocked: ${(err as Error).message}`);
  }
}

type Hop = Fetched | { location: string };

/** Rejects when `signal` aborts: a DNS lookup that hangs is not abortable itself, so the check is raced with it. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

function getOnce(guard: SsrfGuard, target: string, opts: PinFetchOptions): Promise<Hop> {
  return Promise.race([check(guard, target), aborted(opts.signal)]).then(({ url, address }) => {
    const shown = target.slice(0, SHOWN);
    const fail = (why: string, code: UnresolvedCode = 'asset_unreachable') => new PinFetchError(code, `${shown}: ${why}`);
    return new Promise<Hop>((resolve, reject) => {
      const mod = url.protocol === 'https:' ? https : http;
      const headers = { 'user-agent': PIN_USER_AGENT, accept: '*/*', 'accept-encoding': 'identity' };
      const req = mod.get(url, { lookup: pinnedLookup(address), agent: false, signal: opts.signal, headers }, (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.destroy();
          return resolve({ location: res.headers.location });
        }
        if (status !== 200) {
          res.destroy();
          return reject(fail(`answered ${status}`));
        }
        const tooLarge = () => fail(`larger than ${opts.maxBytes} bytes`, 'asset_too_large');
        if (Number(res.headers['content-length'] ?? 0) > opts.maxBytes) {
          reject(tooLarge());
          return void res.destroy();
        }
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (bytes <= opts.maxBytes) return void chunks.push(c);
          // settled first: destroying the response emits 'aborted' at once
          reject(tooLarge());
          res.destroy();
        });
        res.on('end', () => resolve({ body: Buffer.concat(chunks), contentType: String(res.headers['content-type'] ?? 'application/octet-stream') }));
        res.on('error', (e) => reject(fail(e.message)));
        res.on('aborted', () => reject(fail('connection closed before the end')));
      });
      req.on('error', (e) => reject(opts.signal.aborted ? fail(String((opts.signal.reason as Error)?.message ?? 'aborted')) : fail(e.message)));
    });
  });
}

/**
 * One resource's bytes for pinning, under the render path's rules (the native engine's fetch-resource.ts): http(s)
 * only, each hop checked by the SSRF guard and its socket pinned to the approved address, every redirect checked
 * again; with a browser's User-Agent, at most `maxBytes`, and within FETCH_TIMEOUT_MS from start to last byte (a
 * server that trickles bytes is cut off there). Every failure is a PinFetchError naming the URL.
 */
export async function fetchForPinning(guard: SsrfGuard, url: string, opts: PinFetchOptions): Promise<Fetched> {
  const timeout = AbortSignal.timeout(PIN_CAPS.FETCH_TIMEOUT_MS);
  const signal = AbortSignal.any([opts.signal, timeout]);
  const own = { ...opts, signal };
  let target = url;
  try {
    for (let hop = 0; hop <= PIN_CAPS.MAX_REDIRECTS; hop++) {
      const res = await getOnce(guard, target, own);
      if ('body' in res) return res;
      target = new URL(res.location, target).toString();
      if (!/^https?:/i.test(target)) throw new PinFetchError('ssrf_blocked', `request to ${target.slice(0, SHOWN)} blocked: scheme not allowed`);
    }
  } catch (err) {
    if (timeout.aborted && !opts.signal.aborted) {
      throw new PinFetchError('asset_unreachable', `${url.slice(0, SHOWN)}: no complete answer within ${PIN_CAPS.FETCH_TIMEOUT_MS} ms`);
    }
    if (opts.signal.aborted) throw new PinFetchError('asset_unreachable', `${url.slice(0, SHOWN)}: not fetched within the pinning deadline of ${PIN_CAPS.DEADLINE_MS} ms`);
    throw err instanceof PinFetchError ? err : new PinFetchError('asset_unreachable', `${url.slice(0, SHOWN)}: ${(err as Error).message}`);
  }
  throw new PinFetchError('asset_unreachable', `${url.slice(0, SHOWN)}: more than ${PIN_CAPS.MAX_REDIRECTS} redirects`);
}
