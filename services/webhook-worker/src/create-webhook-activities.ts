import type { WebhookActivities } from '@rp/workflow-safe';
import type { WebhookActivityDeps } from './activity-deps';
import { createAttemptDelivery } from './attempt-delivery';
import { createEmitEvent } from './emit-event';
import { createStartDelivery, type StartDelivery } from './start-delivery';
import { withKeepAlive } from './with-keep-alive';

/** Everything the `webhooks` task queue runs. Workflows import these types only (`import type`). */
export interface WebhookWorkerActivities extends WebhookActivities {
  /** The worker's WEBHOOK_RETRY_SCHEDULE: a redelivery started by the API (which does not know it) asks for it. */
  getRetrySchedule(): Promise<number[]>;
}

/**
 * The activities, and the delivery start they share with the start-recovery sweep. `attemptDelivery` and
 * `getRetrySchedule` run as local activities (inside a workflow task: no heartbeat), `emitEvent` as an activity
 * task that heartbeats while it runs.
 */
export function createWebhookActivities(deps: WebhookActivityDeps): { activities: WebhookWorkerActivities; startDelivery: StartDelivery } {
  const startDelivery = createStartDelivery(deps);
  const emitEvent = createEmitEvent(deps, startDelivery);
  const activities: WebhookWorkerActivities = {
    emitEvent: (input) => withKeepAlive(() => emitEvent(input)),
    attemptDelivery: createAttemptDelivery(deps),
    getRetrySchedule: async () => deps.scheduleMs,
  };
  return { activities, startDelivery };
}
