import type { EngineDecision, EngineDecisionInput } from '@rp/workflow-safe';
import { db, parityChecker } from './activity-proxies';

/**
 * Decides which engine renders a template version saved with engine `auto` that passed the static gate
 * (docs/engines.md). Until it finishes the version renders with Chromium (`parity_pending`). It cannot leave a
 * version pending for ever: the parity activity is retried (4 tries) and when it still fails the workflow records
 * Chromium with `parity_error`; a start the API lost (Temporal away at save time, a crash between commit and start)
 * is made again by the render worker's sweeper, which starts this workflow for versions pending longer than 30 s
 * (the id is derived from the version, so a running check is never doubled).
 */
export async function engineDecisionWorkflow(input: EngineDecisionInput): Promise<EngineDecision> {
  try {
    return await parityChecker.decideEngine(input);
  } catch {
    const decision: EngineDecision = { engine: 'chromium', reason: 'parity_error', parity: null };
    await db.recordEngineDecision(input, decision);
    return decision;
  }
}
