// Client-side helpers (API and render worker). Not exported from index.ts: that file is the workflow bundle.
import type { Client } from '@temporalio/client';
import { TASK_QUEUES, workflowIds, type PreviewInput, type RenderKind, type RenderWorkflowInput } from '@rp/common';
import type { renderWorkflow } from './render-workflow';
import type { collectionWorkflow } from './collection-workflow';
import type { emitEventWorkflow } from './emit-event-workflow';
import type { previewWorkflow } from './preview-workflow';
import { pendingSearchAttributes, SA } from './search-attributes';

export { SA };

export function startRenderWorkflow(client: Client, input: RenderWorkflowInput) {
  return client.workflow.start<typeof renderWorkflow>('renderWorkflow', {
    taskQueue: TASK_QUEUES.RENDER,
    workflowId: workflowIds.render(input.kind, input.renderId),
    args: [input],
    typedSearchAttributes: pendingSearchAttributes(input),
  });
}

export function startCollectionWorkflow(
  client: Client,
  c: { id: string; org_id: string; type: RenderKind; template_id: string },
  renderIds: string[],
  concurrency = 50,
) {
  return client.workflow.start<typeof collectionWorkflow>('collectionWorkflow', {
    taskQueue: TASK_QUEUES.RENDER,
    workflowId: workflowIds.collection(c.id),
    args: [{ collectionId: c.id, orgId: c.org_id, kind: c.type, templateId: c.template_id, renderIds, concurrency }],
    typedSearchAttributes: pendingSearchAttributes({ orgId: c.org_id, kind: c.type, templateId: c.template_id, collectionId: c.id }),
  });
}

/** Runs a preview and waits for it; the id is fresh per request, so nothing is ever deduplicated. */
export function executePreviewWorkflow(client: Client, input: PreviewInput, timeoutMs: number) {
  return client.workflow.execute<typeof previewWorkflow>('previewWorkflow', {
    taskQueue: TASK_QUEUES.RENDER,
    workflowId: workflowIds.preview(input.previewId),
    args: [input],
    workflowExecutionTimeout: timeoutMs,
  });
}

export type { emitEventWorkflow };
