import { executeChild, upsertSearchAttributes, ParentClosePolicy } from '@temporalio/workflow';
import type { CollectionWorkflowInput } from '@rp/common';
import { workflowIds } from '@rp/common';
import { db, events, zipper } from './activity-proxies';
import { renderWorkflow } from './render-workflow';
import { pendingSearchAttributes, SA } from './search-attributes';
import { failureToRenderError } from './failure-to-error';

/**
 * A collection: one child render workflow per item, at most `concurrency` at once (a sliding window).
 * Child ids derive from the collection id and item index, so a replay or restart never starts an item twice.
 * Counts are kept in Postgres by the children's own completion activities, so GET shows them live.
 */
export async function collectionWorkflow(input: CollectionWorkflowInput): Promise<{ status: string }> {
  await db.markCollectionRendering(input.collectionId);
  upsertSearchAttributes([{ key: SA.RenderStatus, value: 'rendering' }]);

  const runItem = async (index: number) => {
    // renderWorkflow records its own failure and never throws for a failed render; this catch is for
    // a child that could not run at all (terminated, timed out), which still must not stay pending
    try {
      await startItem(index);
    } catch (err) {
      await db.failRender(input.renderIds[index]!, failureToRenderError(err));
    }
  };
  const startItem = (index: number) =>
    executeChild(renderWorkflow, {
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
      ],
      typedSearchAttributes: pendingSearchAttributes(input),
    });

  let next = 0;
  const running = new Set<Promise<void>>();
  const total = input.renderIds.length;
  while (next < total || running.size > 0) {
    while (next < total && running.size < Math.max(1, input.concurrency)) {
      const p: Promise<void> = runItem(next++).finally(() => running.delete(p));
      running.add(p);
    }
    await Promise.race(running);
  }

  const { zipPath } = await zipper.zipCollection(input.collectionId);
  const { status, notify } = await db.finalizeCollection(input.collectionId, zipPath);
  upsertSearchAttributes([{ key: SA.RenderStatus, value: status }]);
  if (notify) {
    await events.emitEvent({ orgId: input.orgId, type: 'collection.completed', resourceId: input.collectionId });
  }
  return { status };
}
