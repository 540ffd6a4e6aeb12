import type { PinnedResource } from '@rp/workflow-safe';
import { pinnableUrl } from '@rp/workflow-safe';
import { RenderFailure } from './types';

/** What a render does with a URL its version pinned: the stored bytes, or the failure recorded at save. */
export type PinnedAnswer = { ok: true; body: Buffer; contentType: string } | { ok: false; failure: RenderFailure };

/**
 * A version's pinned resources as a render sees them (docs/pinning.md). `match` says whether a URL is in the
 * manifest (then the render must not fetch it); `answer` reads its bytes from object storage, or gives the
 * failure recorded at save at once, so a render never waits on a fetch that already failed.
 */
export interface PinnedResolver {
  match(url: string): PinnedResource | null;
  answer(entry: PinnedResource): Promise<PinnedAnswer>;
}

const SHOWN = 200;

/** Characters whose escaped and plain forms a server may read differently: their escapes are kept as they are. */
const RESERVED = new Set([...":/?#[]@!$&'()*+,;=%"]);

/**
 * The form of a URL the manifest is looked up by. Browsers and Node escape a path differently (Chromium sends
 * `tailwindcss@%5E2` where Node's fetch, which pinned it, sent `tailwindcss@^2`), and a server reads both alike: every
 * escape of a printable character that is not reserved is read as the character, so both name the same entry.
 */
export function pinnedMatchKey(href: string): string {
  return href.replace(/%([0-9a-fA-F]{2})/g, (escape, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return c > ' ' && c < '\x7f' && !RESERVED.has(c) ? c : escape.toUpperCase();
  });
}

/** The failure a render of the version answers for a resource recorded `unresolved`: its code, naming the URL. */
export function unresolvedFailure(entry: PinnedResource): RenderFailure {
  const why = entry.error?.message ?? 'not fetched';
  return new RenderFailure(
    entry.error?.code ?? 'asset_unreachable',
    `${entry.kind} ${entry.url.slice(0, SHOWN)} could not be pinned when this version was saved (${why}); ` +
      'renders of it do not fetch it again: POST /v1/templates/{template_id}/repin makes a version that tries again',
  );
}

/** Builds the resolver over a manifest; `read` gets the stored bytes by key and sha256 (errors are storage trouble). */
export function createPinnedResolver(manifest: PinnedResource[], read: (key: string, sha256: string) => Promise<Buffer>): PinnedResolver {
  const byUrl = new Map(manifest.map((r) => [pinnedMatchKey(r.url), r]));
  return {
    match(url) {
      if (!byUrl.size) return null;
      const key = pinnableUrl(url);
      return key ? (byUrl.get(pinnedMatchKey(key)) ?? null) : null;
    },
    async answer(entry) {
      if (entry.status !== 'pinned' || !entry.asset_key || !entry.sha256) return { ok: false, failure: unresolvedFailure(entry) };
      try {
        return { ok: true, body: await read(entry.asset_key, entry.sha256), contentType: entry.content_type ?? 'application/octet-stream' };
      } catch (err) {
        // storage trouble is ours, not the template's: let Temporal retry
        return { ok: false, failure: new RenderFailure('asset_unreachable', `pinned ${entry.kind} ${entry.url.slice(0, SHOWN)} could not be read: ${(err as Error).message}`, true) };
      }
    },
  };
}

/** No manifest: every URL goes to the network under the guard (previews of unsaved content, videos before pinning). */
export const noPinned: PinnedResolver = createPinnedResolver([], async () => Buffer.alloc(0));
