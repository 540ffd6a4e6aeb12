import type { WebhookActivities } from '@rp/workflow-safe';
import type { WebhookActivityDeps } from './activity-deps';
import { createAttemptDelivery } from './attempt-delivery';
import { createDeliveryDispatcher, type DeliveryDispatcher } from './create-delivery-dispatcher';
import { createEmitEvent } from './emit-event';
import { withKeepAlive } from './with-keep-alive';

/** Everything the `webhooks` task queue runs. Workflows import these types only (`import type`). */
export interface WebhookWorkerActivities extends WebhookActivities {
  /** The worker's WEBHOOK_RETRY_SCHEDULE: a redelivery started by the API (which does not know it) asks for it. */
  getRetrySchedule(): Promise<number[]>;
}

/**
 * The activities and the dispatcher that makes first attempts beside them (the sweeper and shutdown use it too).
 * `concurrency` bounds first attempts in flight, like WEBHOOK_CONCURRENCY bounds the activity slots.
 */
export function createWebhookActivities(
  deps: WebhookActivityDeps,
  concurrency: number,
): { activities: WebhookWorkerActivities; dispatcher: DeliveryDispatcher } {
  const attemptDelivery = createAttemptDelivery(deps);
  const dispatcher = createDeliveryDispatcher(deps, attemptDelivery, concurrency);
  const emitEvent = createEmitEvent(deps, dispatcher);
  const activities: WebhookWorkerActivities = {
    emitEvent: (input) => withKeepAlive(() => emitEvent(input)),
    attemptDelivery: (input) => withKeepAlive(() => attemptDelivery(input)),
    getRetrySchedule: async () => deps.scheduleMs,
  };
  return { activities, dispatcher };
}
