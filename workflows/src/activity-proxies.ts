import { proxyActivities, proxyLocalActivities, workflowInfo } from '@temporalio/workflow';
import type { RenderActivities, WebhookActivities } from '@rp/workflow-safe';
import { PIN_CAPS, TASK_QUEUES, batchTaskQueue } from '@rp/workflow-safe';

// One set of activity options for every workflow. Render activities run on the workflow's own task queue
// (`render` in production, a private one in tests).

/** Bookkeeping touches only Postgres: short timeouts, unlimited retries (a DB restart must not fail a render). */
export const db = proxyActivities<RenderActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '10 seconds', backoffCoefficient: 2 },
});

/** A render is retried the same way whether it runs as an activity task or a local activity. */
const RENDER_RETRY = { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 6 };

/**
 * Rendering heartbeats, so a killed worker is noticed within the heartbeat timeout and the work moves on.
 * Permanent failures (bad template, blocked or unreachable image) are thrown non-retryable by the activity.
 */
const RENDER_OPTIONS = { startToCloseTimeout: '10 minutes', heartbeatTimeout: '10 seconds', retry: RENDER_RETRY } as const;
export const renderer = proxyActivities<RenderActivities>(RENDER_OPTIONS);

/**
 * A single image runs as a local activity on the worker that runs its workflow task: no activity task is
 * scheduled, dispatched and recorded, so a sync render answers sooner and costs Temporal one workflow task instead
 * of two plus an activity task (bench/README, "What each optimisation bought"). Local activity slots are separate
 * from the activity slots collection items hold, which is what keeps one org's collection from delaying another
 * org's single renders. A collection's image item (image-item-workflow.ts) renders the same way inside its own
 * workflow task on the batch queue, so it runs in the batch process. A worker lost mid-render is noticed when the
 * workflow task times out, and the render runs again on another worker; the row lock keeps it exactly once.
 */
export const localRenderer = proxyLocalActivities<RenderActivities>({
  startToCloseTimeout: '5 minutes',
  retry: RENDER_RETRY,
});

/**
 * Bookkeeping inside a workflow task (an image item recording its failure, a video marked rendering and planned):
 * no activity task, the same retries as `db`.
 */
export const localDb = proxyLocalActivities<RenderActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '10 seconds', backoffCoefficient: 2 },
});

/** A preview is interactive: one retry for a lost worker, then the caller hears about it. */
export const previewer = proxyActivities<RenderActivities>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '500 milliseconds', maximumAttempts: 2 },
});

/**
 * Pinning runs while a save waits: its activity ends by PIN_CAPS.DEADLINE_MS on its own; the margin covers storing
 * the bytes. One retry for a lost worker or a storage hiccup.
 */
export const pinner = proxyActivities<RenderActivities>({
  startToCloseTimeout: PIN_CAPS.DEADLINE_MS + 10_000,
  retry: { initialInterval: '500 milliseconds', maximumAttempts: 2 },
});

/** A preflight is interactive too, but lays out up to 500 items: heartbeats per item, one retry for a lost worker. */
export const preflighter = proxyActivities<RenderActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '20 seconds',
  retry: { initialInterval: '500 milliseconds', maximumAttempts: 2 },
});

/**
 * The parity check renders a version's samples on both engines: CPU work nobody waits for, so it runs on the batch
 * queue (the niced process, after single renders) with a few tries; the workflow records Chromium when they are spent.
 */
export const parityChecker = proxyActivities<RenderActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', maximumInterval: '30 seconds', maximumAttempts: 4 },
  get taskQueue() {
    return batchTaskQueue(workflowInfo().taskQueue);
  },
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
