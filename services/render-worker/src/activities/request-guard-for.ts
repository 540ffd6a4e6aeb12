import { createRequestGuard, type RequestGuard } from '../renderer/request-guard';
import { createAssetResolver } from './asset-resolver';
import type { RenderActivityDeps } from './deps';

/** The network policy of one org's render: the worker's SSRF guard, and `asset://` resolved within that org only. */
export function requestGuardFor(deps: Pick<RenderActivityDeps, 'db' | 'store' | 'ssrfGuard'>, orgId: string): RequestGuard {
  return createRequestGuard({ ssrfGuard: deps.ssrfGuard, resolveAsset: createAssetResolver(deps.db, deps.store, orgId) });
}
