import { executeChild, patched, upsertSearchAttributes, ParentClosePolicy, workflowInfo } from '@temporalio/workflow';
import type { CollectionWorkflowInput, RenderWorkflowInput } from '@rp/workflow-safe';
import { batchTaskQueue, workflowIds } from '@rp/workflow-safe';
import { db, events, itemRenderer, zipper } from './activity-proxies';
import { renderWorkflow } from './render-workflow';
import { imageItemWorkflow } from './image-item-workflow';
import { pendingSearchAttributes, SA } from './search-attributes';
import { failureToRenderError } from './failure-to-error';
import { itemBatches } from './item-batches';
import { runWindowed } from './run-windowed';
import { runInWaves } from './run-in-waves';

/** Collections started before image items moved into batch activities replay with a child workflow per item. */
const ITEM_BATCHES = 'collection-item-batches';
/**
 * Image items back in a child workflow each (imageItemWorkflow on the batch queue); collections started under the
 * batch design replay their batches, older ones their renderWorkflow children.
 */
const ITEM_WORKFLOWS = 'collection-image-item-workflows';

/**
 * Histories started under the batch design (collection-item-batches, before collection-image-item-workflows):
 * image items in batch activities (item-batches.ts), a sliding window of them. A batch that finally fails (its
 * retries spent) leaves no item pending: what it did not finish is recorded failed, as a failed child was.
 */
async function renderImageBatches(input: CollectionWorkflowInput): Promise<void> {
  const { batches, window } = itemBatches(input.renderIds, input.concurrency);
  await runWindowed(batches.length, window, async (b) => {
    const batch = batches[b]!;
    try {
      await itemRenderer.renderImageBatch(input.collectionId, batch);
    } catch (err) {
      const error = failureToRenderError(err);
      // a no-op on the items the batch did finish (finishRender keeps the first final status)
      await Promise.all(batch.map((id) => db.failRender(id, error)));
    }
  });
}

/**
 * A child workflow per item, at most `concurrency` at once: image items as imageItemWorkflow on the batch queue,
 * video items (their chunks are activities of their own) and the image items of histories before the batch design as
 * renderWorkflow on the collection's queue. Ids derive from the collection id and the index, so a replay or restart
 * never starts an item twice; items inherit the collection's priority (below single renders) and carry its search
 * attributes, so `CollectionId = '<id>'` lists them in the Temporal UI.
 */
async function renderChildren(input: CollectionWorkflowInput, imageItems: boolean): Promise<void> {
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
  const startItem = (index: number) =>
    imageItems
      ? executeChild(imageItemWorkflow, { ...options(index), taskQueue: batchTaskQueue(workflowInfo().taskQueue) })
      : executeChild(renderWorkflow, options(index));
  // image items refill their window in waves (run-in-waves.ts: fewer workflow tasks of the collection per item);
  // video items and older histories keep the sliding window their histories were recorded with
  const window = imageItems ? runInWaves : runWindowed;
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
 * A collection: its items render as a child workflow each (renderChildren), at most `concurrency` items at once;
 * then the zip and the final status. Child ids (and the batches of histories started under the batch design) derive
 * from the item list, so a replay or restart never starts an item twice. Counts are kept in Postgres as each item's
 * row becomes final, so GET shows them live.
 */
export async function collectionWorkflow(input: CollectionWorkflowInput): Promise<{ status: string }> {
  await db.markCollectionRendering(input.collectionId);
  upsertSearchAttributes([{ key: SA.RenderStatus, value: 'rendering' }]);

  // the order of the patched() calls is part of the histories: the newest design is asked first
  if (input.kind === 'image' && patched(ITEM_WORKFLOWS)) await renderChildren(input, true);
  else if (input.kind === 'image' && patched(ITEM_BATCHES)) await renderImageBatches(input);
  else await renderChildren(input, false);

  const { zipPath } = await zipper.zipCollection(input.collectionId);
  const { status, notify } = await db.finalizeCollection(input.collectionId, zipPath);
  upsertSearchAttributes([{ key: SA.RenderStatus, value: status }]);
  if (notify) {
    await events.emitEvent({ orgId: input.orgId, type: 'collection.completed', resourceId: input.collectionId });
  }
  return { status };
}
