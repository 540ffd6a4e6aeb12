import type { PinRefusalCode, PinResourcesInput, PinResourcesOutput } from '@rp/workflow-safe';
import { activityLogger } from '@rp/worker-runtime';
import { IntegrityMismatchError } from '../pinning/check-integrity';
import { pinResources, TooManyResourcesError } from '../pinning/pin-resources';
import type { RenderActivityDeps } from './deps';
import { permanent } from './to-application-failure';

/** The refusal a pinning error is (the API answers 422 with it), or null for trouble a retry may mend. */
function refusalOf(err: unknown): PinRefusalCode | null {
  if (err instanceof TooManyResourcesError) return 'pinning_too_many';
  if (err instanceof IntegrityMismatchError) return 'pinning_integrity_mismatch';
  return null;
}

/**
 * Pinning at save (docs/pinning.md), on the render worker: the API process never fetches a template's resources.
 * A template over the resource count cap, or with a script whose `integrity` does not match, fails for good with
 * its PIN_REFUSAL_CODES code (the API answers 422).
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
        const refusal = refusalOf(err);
        throw refusal ? permanent(refusal, (err as Error).message) : err;
      }
    },
  };
}
