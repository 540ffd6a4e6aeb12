import { CancellationScope, upsertSearchAttributes } from '@temporalio/workflow';
import type { RenderWorkflowInput, RenderWorkflowResult } from '@rp/workflow-safe';
import { localDb, localRenderer } from './activity-proxies';
import { failureToRenderError } from './failure-to-error';
import { SA } from './search-attributes';

/**
 * One image item of a collection, a child workflow `collection-<id>-item-<index>` on the batch queue (the niced
 * batch process), so an operator finds it in the Temporal UI by its CollectionId and sees its attempts and its error
 * in its own history. It costs what a single image costs: one workflow task, whose render is a local activity on
 * the worker that took the task (the render row routes it to the batch browser and the render gate's item side),
 * and a failure recorded by a local activity too - no activity task at all. The history shows the render as a
 * `MarkerRecorded` event carrying its attempt count and, for a failed item, its error; the result and the
 * RenderStatus search attribute say how it ended. A worker lost mid-render is noticed when the workflow task times
 * out; the task runs again elsewhere and the row lock keeps the item complete exactly once.
 */
export async function imageItemWorkflow(input: RenderWorkflowInput): Promise<RenderWorkflowResult> {
  let result: RenderWorkflowResult;
  try {
    await localRenderer.renderImage(input.renderId);
    result = { renderId: input.renderId, status: 'completed' };
  } catch (err) {
    const error = failureToRenderError(err);
    // the failure must be recorded even when the workflow itself is being cancelled
    await CancellationScope.nonCancellable(() => localDb.failRender(input.renderId, error));
    result = { renderId: input.renderId, status: 'failed', error };
  }
  upsertSearchAttributes([{ key: SA.RenderStatus, value: result.status }]);
  return result;
}
