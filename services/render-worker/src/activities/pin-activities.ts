import type { PinResourcesInput, PinResourcesOutput } from '@rp/workflow-safe';
import { activityLogger } from '@rp/worker-runtime';
import { pinResources, TooManyResourcesError } from '../pinning/pin-resources';
import type { RenderActivityDeps } from './deps';
import { permanent } from './to-application-failure';

/**
 * Pinning at save (docs/pinning.md), on the render worker: the API process never fetches a template's resources.
 * A template over the resource count cap fails for good as `pinning_too_many` (the API answers 422).
 */
export function createPinActivities(deps: Pick<RenderActivityDeps, 'ssrfGuard' | 'store' | 'logger'>) {
  return {
    async pinResources(input: PinResourcesInput): Promise<PinResourcesOutput> {
      try {
        const out = await pinResources(deps, input);
        const unresolved = out.resources.filter((r) => r.status === 'unresolved').length;
        activityLogger(deps.logger).info({ org_id: input.orgId, resources: out.resources.length, unresolved, ms: out.ms }, 'resources pinned');
        return out;
      } catch (err) {
        if (err instanceof TooManyResourcesError) throw permanent('pinning_too_many', err.message);
        throw err;
      }
    },
  };
}
