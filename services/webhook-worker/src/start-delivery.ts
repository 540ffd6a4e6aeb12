import type { WebhookDeliveryWorkflowInput } from '@rp/workflow-safe';
import { startWebhookDeliveryWorkflow } from '@rp/workflows/client';
import type { WebhookActivityDeps } from './activity-deps';
import type { StartOutcome } from './start-budget';

/** A delivery row as a start needs it. `attempts` already recorded in its series (0 for a new delivery). */
export interface DeliveryRef {
  id: string;
  orgId: string;
  webhookId: string;
  series: number;
  attempts: number;
}

/**
 * Issues a delivery's workflow start: `eager` when this call started it and its first task came back to this worker,
 * `queued` when it started it through the task queue, `existing` when it was started before. `eager: false` (the
 * start-recovery sweep) asks for no eager start: the first task goes through the task queue, at the deliveries'
 * priority.
 */
export type StartDelivery = (ref: DeliveryRef, opts?: { eager?: boolean; firstWaitMs?: number }) => Promise<StartOutcome>;

/**
 * Starts the workflow of a delivery series, eagerly unless asked not to: this worker is starter and worker at once,
 * so the first workflow task (and in it the first attempt, a local activity) comes back in the start response, with
 * no trip through the task queue. The workflow id is derived from the row, so issuing the start again is a no-op while
 * the workflow runs or after it completed; a row with attempts recorded restarts after them.
 */
export function createStartDelivery(deps: Pick<WebhookActivityDeps, 'temporal' | 'scheduleMs' | 'metrics'>): StartDelivery {
  return async (ref, { eager: asked = true, firstWaitMs = 0 } = {}) => {
    const input: WebhookDeliveryWorkflowInput = {
      deliveryId: ref.id,
      orgId: ref.orgId,
      webhookId: ref.webhookId,
      scheduleMs: deps.scheduleMs,
      ...(ref.attempts > 0 ? { firstAttempt: ref.attempts + 1, firstWaitMs } : {}),
      ...(ref.series > 1 ? { series: ref.series } : {}),
    };
    const { started, eager } = await startWebhookDeliveryWorkflow(deps.temporal, input, { eager: asked });
    const outcome = !started ? 'existing' : eager ? 'eager' : 'queued';
    deps.metrics.countStart(outcome);
    return outcome;
  };
}
