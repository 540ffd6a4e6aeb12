import type { PinResourcesInput, PinResourcesOutput } from '@rp/workflow-safe';
import { pinner } from './activity-proxies';

/** Pins a version's resources while its save waits (docs/pinning.md); it owns no row: the API records the manifest. */
export async function pinResourcesWorkflow(input: PinResourcesInput): Promise<PinResourcesOutput> {
  return pinner.pinResources(input);
}
