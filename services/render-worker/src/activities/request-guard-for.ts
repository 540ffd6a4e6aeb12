import { createRequestGuard, type RequestGuard } from '../renderer/request-guard';
import type { EngineAssets } from '../renderer/engines/image-engine';
import { createAssetResolver } from './asset-resolver';
import type { RenderActivityDeps } from './deps';

type GuardDeps = Pick<RenderActivityDeps, 'db' | 'store' | 'ssrfGuard'>;

/**
 * The network policy of one org's render, built in this one place: the worker's SSRF guard, and `asset://` resolved
 * within that org only. The native engine fetches through the two parts itself; Chromium gets them as its guard.
 */
export function assetsFor(deps: GuardDeps, orgId: string): EngineAssets {
  const resolveAsset = createAssetResolver(deps.db, deps.store, orgId);
  return { ssrfGuard: deps.ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard: deps.ssrfGuard, resolveAsset }) };
}

/** Chromium's request guard alone (videos, previews of unsaved templates). */
export function requestGuardFor(deps: GuardDeps, orgId: string): RequestGuard {
  return assetsFor(deps, orgId).guard;
}
