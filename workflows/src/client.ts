// The one module that starts, waits for and cancels workflows (API, workers, tests). Published as
// `@rp/workflows/client`; not part of index.ts, which is the workflow bundle.
import type { Client, WorkflowHandle } from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import {
  SA,
  TASK_QUEUES,
  workflowIds,
  type EmitEventInput,
  type RenderKind,
  type RenderWorkflowInput,
  type WebhookDeliveryWorkflowInput,
} from '@rp/common';
import type { renderWorkflow } from './render-workflow';
import type { collectionWorkflow } from './collection-workflow';
import type { emitEventWorkflow } from './emit-event-workflow';
import type { webhookDeliveryWorkflow } from './webhook-delivery-workflow';
import { pendingSearchAttributes } from './search-attributes';

export { SA, workflowIds };

export function startRenderWorkflow(client: Client, input: RenderWorkflowInput) {
  return client.workflow.start<typeof renderWorkflow>('renderWorkflow', {
    taskQueue: TASK_QUEUES.RENDER,
    workflowId: workflowIds.render(input.kind, input.renderId),
    args: [input],
    typedSearchAttributes: pendingSearchAttributes(input),
  });
}

/** A collection row as the workflow needs it (the API's row and the sweeper's row both fit). */
export interface CollectionStart {
  id: string;
  org_id: string;
  type: RenderKind;
  template_id: string;
}

export function startCollectionWorkflow(client: Client, c: CollectionStart, renderIds: string[], concurrency: number) {
  return client.workflow.start<typeof collectionWorkflow>('collectionWorkflow', {
    taskQueue: TASK_QUEUES.RENDER,
    workflowId: workflowIds.collection(c.id),
    args: [{ collectionId: c.id, orgId: c.org_id, kind: c.type, templateId: c.template_id, renderIds, concurrency }],
    typedSearchAttributes: pendingSearchAttributes({ orgId: c.org_id, kind: c.type, templateId: c.template_id, collectionId: c.id }),
  });
}

/** Cancels a render's workflow: a collection item runs as a child workflow with its own id. */
export async function cancelRenderWorkflow(
  client: Client,
  r: { id: string; kind: RenderKind; collection_id: string | null; collection_index: number | null },
): Promise<void> {
  const id = r.collection_id ? workflowIds.collectionItem(r.collection_id, r.collection_index ?? 0) : workflowIds.render(r.kind, r.id);
  await client.workflow.getHandle(id).cancel();
}

/** Emits one event durably; `versionMs` tells two events about the same resource apart (an update's updated_at). */
export function startEmitEventWorkflow(client: Client, input: EmitEventInput, versionMs?: number) {
  return client.workflow.start<typeof emitEventWorkflow>('emitEventWorkflow', {
    taskQueue: TASK_QUEUES.WEBHOOKS,
    workflowId: workflowIds.event(input.type, input.resourceId, versionMs),
    args: [input],
    typedSearchAttributes: [{ key: SA.OrgId, value: input.orgId }],
  });
}

/** Like startEmitEventWorkflow, but answers the delivery ids once the deliveries exist (tests, tools). */
export function executeEmitEventWorkflow(client: Client, input: EmitEventInput, workflowId: string) {
  return client.workflow.execute<typeof emitEventWorkflow>('emitEventWorkflow', {
    taskQueue: TASK_QUEUES.WEBHOOKS,
    workflowId,
    args: [input],
    typedSearchAttributes: [{ key: SA.OrgId, value: input.orgId }],
  });
}

/**
 * One delivery series. A finished delivery must not run again when emitEvent is retried after its workflow
 * closed (REJECT_DUPLICATE); `eager` hands the first workflow task back to the calling worker.
 */
export function startWebhookDeliveryWorkflow(client: Client, input: WebhookDeliveryWorkflowInput, opts: { eager?: boolean } = {}) {
  return client.workflow.start<typeof webhookDeliveryWorkflow>('webhookDeliveryWorkflow', {
    taskQueue: TASK_QUEUES.WEBHOOKS,
    workflowId: workflowIds.webhookDelivery(input.deliveryId, input.series),
    args: [input],
    workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
    typedSearchAttributes: [{ key: SA.OrgId, value: input.orgId }],
    ...(opts.eager ? { requestEagerStart: true } : {}),
  });
}

/** A delivery series' workflow handle (tests wait on it). */
export function webhookDeliveryHandle(client: Client, deliveryId: string, series = 1): WorkflowHandle<typeof webhookDeliveryWorkflow> {
  return client.workflow.getHandle(workflowIds.webhookDelivery(deliveryId, series));
}

export type { renderWorkflow, collectionWorkflow, emitEventWorkflow, webhookDeliveryWorkflow };
