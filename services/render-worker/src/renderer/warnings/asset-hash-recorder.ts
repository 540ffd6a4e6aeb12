import crypto from 'node:crypto';
import type { HTTPResponse, Page } from 'puppeteer';

export interface FetchedAsset {
  /** The URL as the page asked for it (`asset://` references appear in their rewritten form), at most 500 chars. */
  url: string;
  sha256: string;
}

// The bytes that shape the pixels; a template's own fetch()/XHR is left out.
const HASHED = new Set(['image', 'stylesheet', 'font', 'media', 'script']);

/**
 * Records the sha256 of every asset a render page fetched (provenance): the bytes are read from the browser once
 * the response is in, and the list is sorted by URL, so two renders of the same inputs list the same assets.
 */
export function recordAssetHashes(page: Page): { stop(): Promise<FetchedAsset[]> } {
  const pending: Array<Promise<FetchedAsset | null>> = [];
  const onResponse = (res: HTTPResponse) => {
    const req = res.request();
    const url = req.url();
    if (!HASHED.has(req.resourceType()) || url.startsWith('data:') || res.status() >= 400) return;
    pending.push(
      res
        .buffer()
        .then((body) => ({ url: url.slice(0, 500), sha256: crypto.createHash('sha256').update(body).digest('hex') }))
        .catch(() => null),
    );
  };
  page.on('response', onResponse);
  return {
    async stop() {
      page.off('response', onResponse);
      const all = (await Promise.all(pending)).filter((a): a is FetchedAsset => a !== null);
      const unique = new Map(all.map((a) => [`${a.url} ${a.sha256}`, a]));
      return [...unique.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : a.sha256 < b.sha256 ? -1 : 1));
    },
  };
}
