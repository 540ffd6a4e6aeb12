import crypto from 'node:crypto';
import type { PinnedResource } from '@rp/workflow-safe';
import type { ApiDeps } from '../deps';

/** Pins one version's HTML: the manifest it records (docs/pinning.md). */
export type PinFn = (html: string) => Promise<PinnedResource[]>;

/** Only absolute http(s) URLs are ever pinned: HTML that names none has nothing to fetch and skips the workflow. */
const REMOTE = /https?:\/\//i;

/**
 * Pinning as a save runs it: on the render worker through the workflow gateway (the API process never fetches a
 * template's resources), waited for, so the version is stored with its manifest. A template that names no http(s)
 * URL records an empty manifest without a round trip.
 */
export function pinnerFor(deps: Pick<ApiDeps, 'temporal'>, orgId: string): PinFn {
  return async (html) => {
    if (!REMOTE.test(html)) return [];
    const out = await deps.temporal.runPinning({ orgId, html }, crypto.randomUUID());
    return out.resources;
  };
}
