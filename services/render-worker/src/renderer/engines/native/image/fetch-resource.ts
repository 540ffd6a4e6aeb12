import { guardedGet, GuardedGetError, type GuardedGetCode } from '@rp/net-guard';
import { assetUrls } from '../../../asset-urls';
import { RenderFailure } from '../../../types';
import type { EngineAssets } from '../../image-engine';

/** What the native engine fetches with: the org's asset resolver, the pinned resources and the SSRF guard (not Chromium's guard). */
export type FetchAssets = Pick<EngineAssets, 'ssrfGuard' | 'resolveAsset'> & Partial<Pick<EngineAssets, 'pinned'>>;

/** Per image or font file; Chromium has no such cap, but a native render holds every byte in memory at once. */
export const MAX_RESOURCE_BYTES = 25 * 1024 * 1024;
/** Redirects followed per resource, each checked by the SSRF guard again (a browser follows up to 20). */
const MAX_REDIRECTS = 5;
const SHOWN = 200;

export interface FetchOptions {
  kind: 'image' | 'font';
  signal: AbortSignal;
}

/**
 * The bytes of one URL a native document references, under the same rules as a Chromium page (request-guard.ts):
 * `asset://` (rewritten to the reserved asset origin) from the org-scoped resolver only; a URL the version pinned
 * from its stored bytes only; other http(s) through guardedGet (@rp/net-guard: the SSRF guard approves each hop,
 * the socket is pinned to that address, each redirect is checked again) under the caps above; every other scheme
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
  try {
    return (await guardedGet({ guard: assets.ssrfGuard, url, maxBytes: MAX_RESOURCE_BYTES, maxRedirects: MAX_REDIRECTS, signal: opts.signal })).body;
  } catch (err) {
    throw err instanceof GuardedGetError ? renderFailureOf(err, opts.kind) : err;
  }
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

/** The render failure a fetch ends with; an abort ends it with the caller's own reason (the render's timeout, a cancel). */
function renderFailureOf(err: GuardedGetError, kind: string): unknown {
  const codes: Record<GuardedGetCode, () => unknown> = {
    ssrf_blocked: () => new RenderFailure('ssrf_blocked', err.message, false, err.extra.detail ?? null),
    unresolvable: () => new RenderFailure('asset_unreachable', `${kind} ${err.message}`),
    http_status: () => new RenderFailure('asset_unreachable', `${kind} ${err.message}`),
    unreachable: () => new RenderFailure('asset_unreachable', `${kind} ${err.message}`),
    too_large: () => tooLarge(`${kind} ${err.url.slice(0, SHOWN)}`),
    too_many_redirects: () => new RenderFailure('asset_unreachable', `${kind} ${err.message}`),
    timeout: () => new RenderFailure('asset_unreachable', `${kind} ${err.message}`),
    aborted: () => err.cause,
  };
  return codes[err.code]();
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
