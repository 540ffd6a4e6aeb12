import { proxyActivities, sleep } from '@temporalio/workflow';
import type { WebhookActivities, WebhookDeliveryWorkflowInput } from '@rp/workflow-safe';

// An attempt is one HTTP request (WEBHOOK_TIMEOUT_MS ≤ 45 s) plus two short queries. Only infrastructure
// errors throw, so activity retries are unbounded: a Postgres outage delays a delivery but never loses it.
// The activity heartbeats while it runs, so a task lost on the way to a worker is retried within seconds.
const { attemptDelivery, getRetrySchedule } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export interface WebhookDeliveryResult {
  outcome: 'succeeded' | 'failed' | 'disabled';
  attempts: number;
}

/**
 * One delivery (or its retries, from `firstAttempt` on): attempt n waits max(schedule[n-1], the receiver's
 * Retry-After) on a durable timer, so a worker restart neither loses nor repeats an attempt. History stays small:
 * one timer and one activity per attempt.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryWorkflowInput): Promise<WebhookDeliveryResult> {
  const schedule = input.scheduleMs.length > 0 ? input.scheduleMs : await getRetrySchedule();
  const first = input.firstAttempt ?? 1;
  let waitMs = first === 1 ? (schedule[0] ?? 0) : (input.firstWaitMs ?? 0);
  for (let n = first; n <= schedule.length; n++) {
    if (waitMs > 0) await sleep(waitMs);
    const res = await attemptDelivery({
      deliveryId: input.deliveryId,
      attempt: n,
      nextDelayMs: n < schedule.length ? schedule[n]! : null,
      ...(input.series !== undefined ? { series: input.series } : {}),
    });
    if (res.outcome !== 'retry') return { outcome: res.outcome, attempts: n };
    // the activity already folded Retry-After into its answer
    waitMs = Math.max(schedule[n] ?? 0, res.nextDelayMs ?? 0);
  }
  return { outcome: 'failed', attempts: schedule.length };
}
