import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type AttemptOutcome = 'succeeded' | 'retry' | 'failed' | 'disabled';

/**
 * How a delivery start went: eager (first task handed to this worker), queued (through the task queue), existing
 * (started before), deferred (emitEvent found the worker's starts in flight at its budget and left it to the sweep).
 */
export type StartKind = 'eager' | 'queued' | 'existing' | 'deferred';

export interface WebhookMetrics {
  registry: Registry;
  observeAttempt(outcome: AttemptOutcome, seconds: number): void;
  countStart(kind: StartKind, n?: number): void;
}

export function createWebhookMetrics(): WebhookMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const attempts = new Counter({
    name: 'webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome (succeeded, retry, failed, disabled)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'webhook_attempt_duration_seconds',
    help: 'Time from request start to response (or error) per delivery attempt',
    labelNames: ['outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
    registers: [registry],
  });
  const starts = new Counter({
    name: 'webhook_workflow_starts_total',
    help: 'Delivery workflow starts: eager (first task handed back to this worker), queued, existing (started before), deferred (left to the start-recovery sweep)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  return {
    registry,
    countStart: (kind, n = 1) => starts.inc({ kind }, n),
    observeAttempt(outcome, seconds) {
      attempts.inc({ outcome });
      duration.observe({ outcome }, seconds);
    },
  };
}
