import { proxyActivities } from '@temporalio/workflow';
import type { RenderActivities, WebhookActivities } from '@rp/common';
import { TASK_QUEUES } from '@rp/common';

// One set of activity options for every workflow. Render activities run on the workflow's own task queue
// (`render` in production, a private one in tests).

/** Bookkeeping touches only Postgres: short timeouts, unlimited retries (a DB restart must not fail a render). */
export const db = proxyActivities<RenderActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '10 seconds', backoffCoefficient: 2 },
});

/**
 * Rendering heartbeats, so a killed worker is noticed within the heartbeat timeout and the work moves on.
 * Permanent failures (bad template, blocked or unreachable image) are thrown non-retryable by the activity.
 */
export const renderer = proxyActivities<RenderActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 6 },
});

/** A preview is interactive: one retry for a lost worker, then the caller hears about it. */
export const previewer = proxyActivities<RenderActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '500 milliseconds', maximumAttempts: 2 },
});

/** The zip streams every result of a collection through one activity; it heartbeats per file. */
export const zipper = proxyActivities<RenderActivities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});

/** emitEvent heartbeats: a task lost on the way to a webhook worker is retried in seconds, not after 30. */
export const events = proxyActivities<WebhookActivities>({
  taskQueue: TASK_QUEUES.WEBHOOKS,
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});
