import type { WebhookDeliveryWorkflowInput } from '@rp/workflow-safe';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { startWebhookDeliveryWorkflow } from '@rp/workflows/client';
import type { WebhookActivityDeps } from './activity-deps';
import type { AttemptInput, AttemptResult } from './attempt-delivery';

/** No process holds the first attempt: never claimed, or the claim of one that died has expired. */
export const CLAIM_FREE = '(claimed_until IS NULL OR claimed_until < now())';

export interface DeliveryRef {
  id: string;
  orgId: string;
  series: number;
}

export interface DeliveryDispatcher {
  /** Queues first attempts (or, for a delayed schedule or a redelivered series, their workflows); returns at once. */
  dispatch(refs: DeliveryRef[]): void;
  /** Starts the retry workflow of a delivery whose attempt `attempts` asked for a retry. */
  startRetries(ref: DeliveryRef, attempts: number, waitMs: number): Promise<void>;
  /** Resolves once nothing is queued or in flight (graceful shutdown). */
  drain(): Promise<void>;
}

/**
 * First attempts outside any workflow: a delivery that succeeds (or fails for good) at once costs one claim, one
 * POST and one recorded attempt, and no workflow at all; only a delivery that needs a retry gets a workflow, which
 * waits on durable timers from attempt 2 on. The row in Postgres is the durable record: if this process dies with
 * attempts queued, the worker's sweeper dispatches them again once their claim has expired.
 */
// eslint-disable-next-line max-lines-per-function -- a closure over the queue and its counters: the state and the small functions that share it.
export function createDeliveryDispatcher(
  deps: WebhookActivityDeps,
  attemptDelivery: (input: AttemptInput) => Promise<AttemptResult>,
  concurrency: number,
): DeliveryDispatcher {
  const { db, scheduleMs } = deps;
  const claimSeconds = Math.ceil(deps.timeoutMs / 1000) + 15;
  const queue: DeliveryRef[] = [];
  let active = 0;
  const idle: (() => void)[] = [];

  const startWorkflow = async (ref: DeliveryRef, firstAttempt: number, firstWaitMs: number) => {
    const input: WebhookDeliveryWorkflowInput = {
      deliveryId: ref.id,
      orgId: ref.orgId,
      scheduleMs,
      ...(firstAttempt > 1 ? { firstAttempt, firstWaitMs } : {}),
      ...(ref.series > 1 ? { series: ref.series } : {}),
    };
    try {
      // the first workflow task comes back in the start response, to this worker: no queue round trip
      await startWebhookDeliveryWorkflow(deps.temporal, input, { eager: true });
    } catch (e) {
      // started before (it is running, or it finished: REJECT_DUPLICATE keeps a finished one from running again)
      if (!(e instanceof WorkflowExecutionAlreadyStartedError)) throw e;
    }
  };

  /** Only one process makes a given first attempt; a claim of a process that died expires. */
  const claim = async (id: string): Promise<boolean> => {
    const rows = await db('webhook_deliveries')
      .where({ id, status: 'pending', attempts: 0, series: 1 })
      .whereRaw(CLAIM_FREE)
      .update({ claimed_until: db.raw('now() + make_interval(secs => ?)', [claimSeconds]) })
      .returning('id');
    return rows.length > 0;
  };

  const run = async (ref: DeliveryRef) => {
    // a delayed first attempt, or a series the API redelivered, is a workflow's from the start
    if (ref.series > 1 || (scheduleMs[0] ?? 0) > 0) return startWorkflow(ref, 1, 0);
    if (!(await claim(ref.id))) return;
    const res = await attemptDelivery({ deliveryId: ref.id, attempt: 1, nextDelayMs: scheduleMs.length > 1 ? scheduleMs[1]! : null });
    if (res.outcome === 'retry') await startWorkflow(ref, 2, res.nextDelayMs ?? 0);
  };

  const pump = () => {
    while (active < concurrency && queue.length > 0) {
      const ref = queue.shift()!;
      active++;
      run(ref)
        .catch((err) => deps.logger.warn({ err, delivery_id: ref.id }, 'first attempt not made; the sweeper will retry it'))
        .finally(() => {
          active--;
          pump();
        });
    }
    if (active === 0 && queue.length === 0) {
      for (const done of idle.splice(0)) done();
    }
  };

  return {
    dispatch(refs) {
      queue.push(...refs);
      pump();
    },
    startRetries: (ref, attempts, waitMs) => startWorkflow(ref, attempts + 1, waitMs),
    drain: () => (active === 0 && queue.length === 0 ? Promise.resolve() : new Promise<void>((r) => idle.push(r))),
  };
}
