import { executeChild, upsertSearchAttributes, ParentClosePolicy, workflowInfo } from '@temporalio/workflow';
import type { CollectionWorkflowInput, RenderWorkflowInput } from '@rp/workflow-safe';
import { batchTaskQueue, workflowIds } from '@rp/workflow-safe';
import { db, events, zipper } from './activity-proxies';
import { renderWorkflow } from './render-workflow';
import { imageItemWorkflow } from './image-item-workflow';
import { pendingSearchAttributes, SA } from './search-attributes';
import { failureToRenderError } from './failure-to-error';
import { runWindowed } from './run-windowed';
import { runInWaves } from './run-in-waves';

/**
 * A child workflow per item, at most `concurrency` at once: image items as imageItemWorkflow on the batch queue,
 * video items (their chunks are activities of their own) as renderWorkflow on the collection's queue. Ids derive
 * from the collection id and the index, so a replay or restart never starts an item twice; items inherit the
 * collection's priority (below single renders) and carry its search attributes, so `CollectionId = '<id>'` lists
 * them in the Temporal UI.
 */
async function renderItems(input: CollectionWorkflowInput): Promise<void> {
  const options = (index: number) => ({
    workflowId: workflowIds.collectionItem(input.collectionId, index),
    parentClosePolicy: ParentClosePolicy.TERMINATE,
    args: [
      {
        renderId: input.renderIds[index]!,
        orgId: input.orgId,
        kind: input.kind,
        templateId: input.templateId,
        collectionId: input.collectionId,
      },
    ] as [RenderWorkflowInput],
    typedSearchAttributes: pendingSearchAttributes(input),
  });
  const image = input.kind === 'image';
  const startItem = (index: number) =>
    image
      ? executeChild(imageItemWorkflow, { ...options(index), taskQueue: batchTaskQueue(workflowInfo().taskQueue) })
      : executeChild(renderWorkflow, options(index));
  // image items refill their window in waves (run-in-waves.ts: fewer workflow tasks of the collection per item, which
  // counts for items of a second or less); a video item runs for minutes, so its window slides
  const window = image ? runInWaves : runWindowed;
  await window(input.renderIds.length, input.concurrency, async (index) => {
    // an item workflow records its own failure and never throws for a failed render; this catch is for
    // a child that could not run at all (terminated, timed out), which still must not stay pending
    try {
      await startItem(index);
    } catch (err) {
      await db.failRender(input.renderIds[index]!, failureToRenderError(err));
    }
  });
}

/**
 * A collection: its items render as a child workflow each (renderItems), at most `concurrency` items at once; then
 * the zip and the final status. Counts are kept in Postgres as each item's row becomes final, so GET shows them live.
 */
export async function collectionWorkflow(input: CollectionWorkflowInput): Promise<{ status: string }> {
  await db.markCollectionRendering(input.collectionId);
  upsertSearchAttributes([{ key: SA.RenderStatus, value: 'rendering' }]);
  await renderItems(input);
  const { zipPath } = await zipper.zipCollection(input.collectionId);
  const { status, notify } = await db.finalizeCollection(input.collectionId, zipPath);
  upsertSearchAttributes([{ key: SA.RenderStatus, value: status }]);
  if (notify) {
    await events.emitEvent({ orgId: input.orgId, type: 'collection.completed', resourceId: input.collectionId });
  }
  return { status };
}
