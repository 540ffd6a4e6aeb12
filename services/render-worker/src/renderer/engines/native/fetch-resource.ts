import http from 'node:http';
import https from 'node:https';
import { HostUnresolvableError, SsrfBlockedError, pinnedLookup } from '@rp/net-guard';
import { assetUrls } from '../../asset-urls';
import { RenderFailure } from '../../types';
import type { EngineAssets } from '../image-engine';

/** What the native engine fetches with: the org's asset resolver, the pinned resources and the SSRF guard (not Chromium's guard). */
export type FetchAssets = Pick<EngineAssets, 'ssrfGuard' | 'resolveAsset'> & Partial<Pick<EngineAssets, 'pinned'>>;

/** Per image or font file; Chromium has no such cap, but a native render holds every byte in memory at once. */
export const MAX_RESOURCE_BYTES = 25 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const SHOWN = 200;

export interface FetchOptions {
  kind: 'image' | 'font';
  signal: AbortSignal;
}

/**
 * The bytes of one URL a native document references, under the same rules as a Chromium page (request-guard.ts):
 * `asset://` (rewritten to the reserved asset origin) from the org-scoped resolver only; a URL the version pinned
 * from its stored bytes only; other http(s) only to an address
 * the SSRF guard approves, the socket pinned to that address, each redirect checked again; every other scheme
 * (file:, ftp:, relative paths) is refused. The native engine itself never fetches: it gets these bytes.
 */
export async function fetchResource(url: string, assets: FetchAssets, opts: FetchOptions): Promise<Buffer> {
  const shown = url.slice(0, SHOWN);
  if (/^data:/i.test(url)) return decodeDataUrl(url, opts.kind);
  const assetId = assetUrls.parse(url);
  if (assetId) return fetchAsset(assetId, assets);
  if (url.startsWith(assetUrls.origin)) throw new RenderFailure('asset_unreachable', `asset ${shown} does not exist`);
  // a URL the version pinned is never fetched: its stored bytes, or the failure recorded at save (docs/pinning.md)
  const pinned = assets.pinned?.match(url);
  if (pinned) {
    const answer = await assets.pinned!.answer(pinned);
    if (!answer.ok) throw answer.failure;
    if (answer.body.length > MAX_RESOURCE_BYTES) throw tooLarge(`${opts.kind} ${shown}`);
    return answer.body;
  }
  if (!/^https?:\/\//i.test(url)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url)) throw new RenderFailure('ssrf_blocked', `request to ${shown} blocked: scheme not allowed`);
    throw new RenderFailure('asset_unreachable', `${opts.kind} ${shown}: not an absolute URL (the document has no base URL)`);
  }
  let target = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const res = await getGuarded(target, assets, opts);
    if ('location' in res) {
      target = new URL(res.location, target).toString();
      if (!/^https?:/i.test(target)) throw new RenderFailure('ssrf_blocked', `request to ${target.slice(0, SHOWN)} blocked: scheme not allowed`);
      continue;
    }
    return res.body;
  }
  throw new RenderFailure('asset_unreachable', `${opts.kind} ${shown}: more than ${MAX_REDIRECTS} redirects`);
}

async function fetchAsset(id: string, assets: FetchAssets): Promise<Buffer> {
  let asset: Awaited<ReturnType<EngineAssets['resolveAsset']>>;
  try {
    asset = await assets.resolveAsset(id);
  } catch (err) {
    // storage trouble is ours, not the template's: let Temporal retry
    throw new RenderFailure('asset_unreachable', `asset ${id} could not be read: ${(err as Error).message}`, true);
  }
  if (!asset) throw new RenderFailure('asset_unreachable', `asset ${id} does not exist`);
  if (asset.body.length > MAX_RESOURCE_BYTES) throw tooLarge(`asset ${id}`);
  return asset.body;
}

async function check(url: string, assets: FetchAssets, kind: string) {
  try {
    return await assets.ssrfGuard.check(url);
  } catch (err) {
    if (err instanceof HostUnresolvableError) throw new RenderFailure('asset_unreachable', `${kind} ${url.slice(0, SHOWN)}: host does not resolve`);
    const detail = err instanceof SsrfBlockedError ? err.detail : null;
    throw new RenderFailure('ssrf_blocked', `request to ${url.slice(0, SHOWN)} blocked: ${(err as Error).message}`, false, detail);
  }
}

async function getGuarded(target: string, assets: FetchAssets, opts: FetchOptions): Promise<{ body: Buffer } | { location: string }> {
  const { url, address } = await check(target, assets, opts.kind);
  const shown = target.slice(0, SHOWN);
  const unreachable = (why: string) => new RenderFailure('asset_unreachable', `${opts.kind} ${shown}: ${why}`);
  return new Promise((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.get(url, { lookup: pinnedLookup(address), agent: false, signal: opts.signal }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ location: res.headers.location });
      }
      if (status !== 200) {
        res.resume();
        return reject(unreachable(`answered ${status}`));
      }
      if (Number(res.headers['content-length'] ?? 0) > MAX_RESOURCE_BYTES) {
        res.destroy();
        return reject(tooLarge(`${opts.kind} ${shown}`));
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (bytes > MAX_RESOURCE_BYTES) {
          res.destroy();
          reject(tooLarge(`${opts.kind} ${shown}`));
        } else chunks.push(c);
      });
      res.on('end', () => resolve({ body: Buffer.concat(chunks) }));
      res.on('error', (e) => reject(unreachable(e.message)));
    });
    req.on('error', (e) => reject(opts.signal.aborted ? opts.signal.reason : unreachable(e.message)));
  });
}

const tooLarge = (what: string) => new RenderFailure('asset_too_large', `${what} is larger than ${MAX_RESOURCE_BYTES} bytes`);

/** A `data:` URL's bytes (an inline @font-face font; images with data: URLs go to takumi as they are). */
function decodeDataUrl(url: string, kind: string): Buffer {
  const comma = url.indexOf(',');
  if (comma < 0) throw new RenderFailure('asset_unreachable', `${kind} data: URL without data`);
  const meta = url.slice(5, comma);
  const data = url.slice(comma + 1);
  const bytes = /;base64$/i.test(meta) ? Buffer.from(data, 'base64') : Buffer.from(decodeURIComponent(data), 'utf8');
  if (bytes.length > MAX_RESOURCE_BYTES) throw tooLarge(`${kind} data: URL`);
  return bytes;
}
