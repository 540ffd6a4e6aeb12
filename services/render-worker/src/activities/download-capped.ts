import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { pinnedLookup, type SsrfGuard } from '@rp/net-guard';
import { RenderFailure } from '../renderer/types';

export interface DownloadCappedOptions {
  url: string;
  destPath: string;
  ssrfGuard: SsrfGuard;
  maxBytes: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * GETs a URL into a file under the same rules as a render page: the SSRF guard approves the target and the socket is
 * pinned to the approved address; redirects are not followed (a 3xx could point anywhere); more than maxBytes is cut
 * off and fails with asset_too_large. Network trouble is retryable, a wrong answer is not.
 */
export async function downloadCapped(opts: DownloadCappedOptions): Promise<{ bytes: number }> {
  const { url, address } = await opts.ssrfGuard.check(opts.url);
  const shown = opts.url.slice(0, 200);
  const signal = AbortSignal.any([AbortSignal.timeout(opts.timeoutMs), ...(opts.signal ? [opts.signal] : [])]);
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.get(url, { lookup: pinnedLookup(address), agent: false, signal }, resolve);
    req.on('error', (e) => reject(new RenderFailure('asset_unreachable', `audio ${shown}: ${e.message}`, true)));
  });
  if (res.statusCode !== 200) {
    res.resume();
    throw new RenderFailure('asset_unreachable', `audio ${shown} answered ${res.statusCode}`);
  }
  const declared = Number(res.headers['content-length'] ?? 0);
  if (declared > opts.maxBytes) {
    res.destroy();
    throw tooLarge(shown, opts.maxBytes);
  }
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      cb(bytes > opts.maxBytes ? tooLarge(shown, opts.maxBytes) : null, chunk);
    },
  });
  try {
    await pipeline(res, counter, fs.createWriteStream(opts.destPath), { signal });
  } catch (err) {
    if (err instanceof RenderFailure) throw err;
    throw new RenderFailure('asset_unreachable', `audio ${shown}: ${(err as Error).message}`, true);
  }
  return { bytes };
}

const tooLarge = (shown: string, max: number) => new RenderFailure('asset_too_large', `audio ${shown} is larger than ${max} bytes`);
