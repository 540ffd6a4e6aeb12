import type { PreflightInput, PreflightOutput } from '@rp/workflow-safe';
import { preflighter } from './activity-proxies';

/** A collection preflight on the render task queue: one activity lays every item out. No row, no event; the API waits. */
export async function preflightWorkflow(input: PreflightInput): Promise<PreflightOutput> {
  return preflighter.preflightCollection(input);
}
