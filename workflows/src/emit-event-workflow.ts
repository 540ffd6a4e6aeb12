import { proxyActivities } from '@temporalio/workflow';
import { TASK_QUEUES, type EmitEventInput, type WebhookActivities } from '@rp/common';

const { emitEvent } = proxyActivities<WebhookActivities>({
  taskQueue: TASK_QUEUES.WEBHOOKS,
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: '10 seconds', // emitEvent heartbeats while it runs: a lost task is retried in seconds
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

/**
 * Emits one event durably (the API after a person write, tests, ops). emitEvent is idempotent per event,
 * so starting this twice for the same event, or a retried activity, never duplicates a delivery.
 */
export async function emitEventWorkflow(input: EmitEventInput): Promise<{ deliveryIds: string[] }> {
  return emitEvent(input);
}
