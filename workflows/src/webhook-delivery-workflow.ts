import { proxyLocalActivities, sleep, upsertSearchAttributes } from '@temporalio/workflow';
import { SA, type WebhookActivities, type WebhookDeliveryWorkflowInput } from '@rp/workflow-safe';

// Every attempt is a local activity inside a workflow task of this workflow, on the worker that took the task:
// a delivery that succeeds at once costs one (eager) start and one workflow task, no activity task. An attempt is
// one HTTP request (WEBHOOK_TIMEOUT_MS ≤ 45 s) plus two short queries. Only infrastructure errors throw, so
// retries are unbounded: a Postgres outage delays a delivery but never loses it. A worker that dies during an
// attempt loses its workflow task, which times out and runs again elsewhere; the attempt then checks whether it
// was recorded before it sends.
const { attemptDelivery, getRetrySchedule } = proxyLocalActivities<WebhookActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export interface WebhookDeliveryResult {
  outcome: 'succeeded' | 'failed' | 'disabled';
  attempts: number;
}

/** The row's status for a final outcome (a 410 or a disabled webhook fails the delivery). */
const finalStatus = (outcome: WebhookDeliveryResult['outcome']) => (outcome === 'succeeded' ? 'succeeded' : 'failed');

/**
 * One delivery series: attempt n waits max(schedule[n-1], the receiver's Retry-After) on a durable timer, so a
 * worker restart neither loses nor repeats an attempt, and a waiting delivery holds no worker memory (its
 * workflow may leave the cache; the next task replays a short history). `DeliveryStatus` follows the row.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryWorkflowInput): Promise<WebhookDeliveryResult> {
  const schedule = input.scheduleMs.length > 0 ? input.scheduleMs : await getRetrySchedule();
  const first = input.firstAttempt ?? 1;
  let waitMs = first === 1 ? (schedule[0] ?? 0) : (input.firstWaitMs ?? 0);
  let status = 'pending';
  const setStatus = (next: string) => {
    if (next !== status) upsertSearchAttributes([{ key: SA.DeliveryStatus, value: next }]);
    status = next;
  };
  for (let n = first; n <= schedule.length; n++) {
    if (waitMs > 0) await sleep(waitMs);
    const res = await attemptDelivery({
      deliveryId: input.deliveryId,
      attempt: n,
      nextDelayMs: n < schedule.length ? schedule[n]! : null,
      ...(input.series !== undefined ? { series: input.series } : {}),
    });
    if (res.outcome !== 'retry') {
      setStatus(finalStatus(res.outcome));
      return { outcome: res.outcome, attempts: n };
    }
    setStatus('retrying');
    // the activity already folded Retry-After into its answer
    waitMs = Math.max(schedule[n] ?? 0, res.nextDelayMs ?? 0);
  }
  setStatus('failed');
  return { outcome: 'failed', attempts: schedule.length };
}
