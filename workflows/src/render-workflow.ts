import { CancellationScope, defineQuery, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { RenderWorkflowInput, RenderWorkflowResult, VideoChunkOutput, VideoProgress } from '@rp/workflow-safe';
import { db, events, localDb, localRenderer, renderer } from './activity-proxies';
import { failureToRenderError } from './failure-to-error';
import { SA } from './search-attributes';

export const progressQuery = defineQuery<VideoProgress | null>('progress');

async function renderVideo(renderId: string, onProgress: (p: VideoProgress) => void): Promise<boolean> {
  // bookkeeping and the plan run inside the first workflow task, so its chunks are scheduled when it completes
  // instead of two activity tasks later (bench/README, "What each optimisation bought")
  await localDb.markRendering(renderId);
  const plan = await localDb.planVideo(renderId);
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
 * completed or failed, and the outcome goes to the webhook pipeline. Bytes never pass through Temporal. An image is
 * a local activity (activity-proxies.ts `localRenderer`); a collection's image items are imageItemWorkflow instead,
 * its video items this workflow.
 */
export async function renderWorkflow(input: RenderWorkflowInput): Promise<RenderWorkflowResult> {
  let progress: VideoProgress | null = null;
  setHandler(progressQuery, () => progress);

  let result: RenderWorkflowResult;
  let notify: boolean;
  try {
    if (input.kind === 'image') notify = (await localRenderer.renderImage(input.renderId)).notify;
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
