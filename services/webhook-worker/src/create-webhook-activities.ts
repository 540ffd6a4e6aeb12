import type { WebhookActivities } from '@rp/common';
import type { WebhookActivityDeps } from './activity-deps';
import { createAttemptDelivery } from './attempt-delivery';
import { createEmitEvent } from './emit-event';
import { withKeepAlive } from './with-keep-alive';

/** Everything the `webhooks` task queue runs. Workflows import these types only (`import type`). */
export interface WebhookWorkerActivities extends WebhookActivities {
  /** The worker's WEBHOOK_RETRY_SCHEDULE: a redelivery started by the API (which does not know it) asks for it. */
  getRetrySchedule(): Promise<number[]>;
}

export function createWebhookActivities(deps: WebhookActivityDeps): WebhookWorkerActivities {
  const emitEvent = createEmitEvent(deps);
  const attemptDelivery = createAttemptDelivery(deps);
  return {
    emitEvent: (input) => withKeepAlive(() => emitEvent(input)),
    attemptDelivery: (input) => withKeepAlive(() => attemptDelivery(input)),
    getRetrySchedule: async () => deps.scheduleMs,
  };
}
