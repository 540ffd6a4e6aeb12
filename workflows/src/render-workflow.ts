import {
  CancellationScope,
  defineQuery,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type {
  RenderActivities,
  RenderWorkflowInput,
  RenderWorkflowResult,
  VideoChunkOutput,
  VideoProgress,
  WebhookActivities,
} from '@rp/common';
import { TASK_QUEUES } from '@rp/common';
import { failureToRenderError } from './failure-to-error';
import { SA } from './search-attributes';

export const progressQuery = defineQuery<VideoProgress | null>('progress');

// Bookkeeping activities touch only Postgres: short timeouts, unlimited retries (a DB restart must not fail a render).
// Render activities run on the workflow's own task queue (`render` in production, a private one in tests).
const db = proxyActivities<RenderActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '10 seconds', backoffCoefficient: 2 },
});

// Rendering activities heartbeat, so a killed worker is noticed within heartbeatTimeout and the work moves on.
// Permanent failures (bad template, blocked or unreachable image) are thrown non-retryable by the activity.
const renderer = proxyActivities<RenderActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 6 },
});

const events = proxyActivities<WebhookActivities>({
  taskQueue: TASK_QUEUES.WEBHOOKS,
  startToCloseTimeout: '30 seconds',
  // emitEvent heartbeats: a task lost on the way to a worker is retried in seconds, not after 30
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

async function renderVideo(renderId: string, onProgress: (p: VideoProgress) => void): Promise<boolean> {
  await db.markRendering(renderId);
  const plan = await db.planVideo(renderId);
  let framesDone = 0;
  onProgress({ frames_done: 0, frames_total: plan.totalFrames, percent: 0 });
  // chunks are independent activities, so any render worker can take any of them
  const segments = await Promise.all(
    plan.chunks.map(async (chunk): Promise<VideoChunkOutput> => {
      const seg = await renderer.renderVideoChunk(renderId, plan, chunk);
      framesDone += seg.frames;
      onProgress({ frames_done: framesDone, frames_total: plan.totalFrames, percent: Math.floor((framesDone / plan.totalFrames) * 100) });
      return seg;
    }),
  );
  const out = await renderer.concatVideo(renderId, plan, segments);
  return out.notify;
}

/**
 * One image or video. The row already exists (status pending); activities move it to rendering and then to
 * completed or failed, and the outcome goes to the webhook pipeline. Bytes never pass through Temporal.
 */
export async function renderWorkflow(input: RenderWorkflowInput): Promise<RenderWorkflowResult> {
  let progress: VideoProgress | null = null;
  setHandler(progressQuery, () => progress);

  let result: RenderWorkflowResult;
  let notify: boolean;
  try {
    if (input.kind === 'image') notify = (await renderer.renderImage(input.renderId)).notify;
    else notify = await renderVideo(input.renderId, (p) => (progress = p));
    result = { renderId: input.renderId, status: 'completed' };
  } catch (err) {
    const error = failureToRenderError(err);
    // the failure must be recorded even when the workflow itself is being cancelled
    notify = (await CancellationScope.nonCancellable(() => db.failRender(input.renderId, error))).notify;
    result = { renderId: input.renderId, status: 'failed', error };
  }
  upsertSearchAttributes([{ key: SA.RenderStatus, value: result.status }]);
  // collection items are reported once, by the collection's own event
  if (notify && !input.collectionId) {
    await CancellationScope.nonCancellable(() =>
      events.emitEvent({ orgId: input.orgId, type: `${input.kind}.${result.status}`, resourceId: input.renderId }),
    );
  }
  return result;
}
