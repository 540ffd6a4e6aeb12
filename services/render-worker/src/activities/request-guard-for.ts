import type { Modification } from '@rp/workflow-safe';
import { createRequestGuard, type RequestGuard } from '../renderer/request-guard';
import type { EngineAssets } from '../renderer/engines/image-engine';
import { requiredUrls } from '../renderer/required-urls';
import { createAssetResolver } from './asset-resolver';
import type { RenderActivityDeps } from './deps';
import type { PinnedResource } from '@rp/workflow-safe';
import { pinnedResolverFor } from './pinned-bytes';

type GuardDeps = Pick<RenderActivityDeps, 'db' | 'store' | 'ssrfGuard'>;

/**
 * The network policy of one org's render, built in this one place: the worker's SSRF guard, `asset://` resolved
 * within that org only, the version's pinned resources (docs/pinning.md) answered from storage, and the images the
 * render's modifications bind, whose failure fails it wherever they are (requiredUrls). The native engine fetches
 * through the parts itself; Chromium gets them as its guard.
 */
export function assetsFor(deps: GuardDeps, orgId: string, pinnedResources?: PinnedResource[] | null, modifications?: Modification[] | null): EngineAssets {
  const resolveAsset = createAssetResolver(deps.db, deps.store, orgId);
  const pinned = pinnedResolverFor(deps.store, pinnedResources);
  const required = requiredUrls(modifications);
  return { ssrfGuard: deps.ssrfGuard, resolveAsset, pinned, required, guard: createRequestGuard({ ssrfGuard: deps.ssrfGuard, resolveAsset, pinned, required }) };
}

/** Chromium's request guard alone (videos, previews), with the version's pinned resources when it has any. */
export function requestGuardFor(deps: GuardDeps, orgId: string, pinnedResources?: PinnedResource[] | null, modifications?: Modification[] | null): RequestGuard {
  return assetsFor(deps, orgId, pinnedResources, modifications).guard;
}
