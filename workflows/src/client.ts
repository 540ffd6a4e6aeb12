// The one module that starts, waits for and cancels workflows (API, workers, tests). Published as
// `@rp/workflows/client`; not part of index.ts, which is the workflow bundle.
import {
  ApplicationFailure,
  WorkflowFailedError,
  WorkflowNotFoundError,
  type Client,
  type WorkflowHandle,
} from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import {
  SA,
  TASK_QUEUES,
  renderPriority,
  workflowIds,
  type EmitEventInput,
  type EngineDecisionInput,
  type PinResourcesInput,
  type PinResourcesOutput,
  type PreviewInput,
  type PreviewOutput,
  type PreflightInput,
  type RenderKind,
  type RenderWorkflowInput,
  type WebhookDeliveryWorkflowInput,
} from '@rp/workflow-safe';
import type { renderWorkflow } from './render-workflow';
import type { collectionWorkflow } from './collection-workflow';
import type { emitEventWorkflow } from './emit-event-workflow';
import type { webhookDeliveryWorkflow } from './webhook-delivery-workflow';
import type { previewWorkflow } from './preview-workflow';
import type { preflightWorkflow } from './preflight-workflow';
import type { scheduledRunWorkflow } from './scheduled-run-workflow';
import type { engineDecisionWorkflow } from './engine-decision-workflow';
import type { pinResourcesWorkflow } from './pin-resources-workflow';
import { deliverySearchAttributes, pendingSearchAttributes } from './search-attributes';

export { SA, workflowIds };

/**
 * What a start answers. Workflow ids derive from rows, so a workflow already started with the id is the same work:
 * it counts as started, and `started` is false (the sweeper counts only what it started itself).
 */
export interface StartResult {
  started: boolean;
}

async function startOnce(start: () => Promise<unknown>): Promise<StartResult> {
  try {
    await start();
    return { started: true };
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return { started: false };
    throw err;
  }
}

export function startRenderWorkflow(client: Client, input: RenderWorkflowInput): Promise<StartResult> {
  return startOnce(() => client.workflow.start<typeof renderWorkflow>('renderWorkflow', {
    taskQueue: TASK_QUEUES.RENDER,
    workflowId: workflowIds.render(input.kind, input.renderId),
    args: [input],
    typedSearchAttributes: pendingSearchAttributes(input),
    priority: renderPriority(input.orgId, 'single'),
  }));
}

/** A collection row as the workflow needs it (the API's row and the sweeper's row both fit). */
export interface CollectionStart {
  id: string;
  org_id: string;
  type: RenderKind;
  template_id: string;
  schedule_id?: string | null;
}

export function startCollectionWorkflow(client: Client, c: CollectionStart, renderIds: string[], concurrency: number): Promise<StartResult> {
  return startOnce(() => client.workflow.start<typeof collectionWorkflow>('collectionWorkflow', {
    taskQueue: TASK_QUEUES.RENDER,
    workflowId: workflowIds.collection(c.id),
    args: [{ collectionId: c.id, orgId: c.org_id, kind: c.type, templateId: c.template_id, renderIds, concurrency, scheduleId: c.schedule_id ?? null }],
    typedSearchAttributes: pendingSearchAttributes({ orgId: c.org_id, kind: c.type, templateId: c.template_id, collectionId: c.id, scheduleId: c.schedule_id }),
    // its item workflows and their activities inherit it
    priority: renderPriority(c.org_id, 'collection'),
  }));
}

/**
 * Cancels a render's workflow; false when it has none (a collection item not started yet). Only videos are
 * cancelled: a video collection item is a child workflow with its own id.
 */
export async function cancelRenderWorkflow(
  client: Client,
  r: { id: string; kind: RenderKind; collection_id: string | null; collection_index: number | null },
): Promise<boolean> {
  const id = r.collection_id ? workflowIds.collectionItem(r.collection_id, r.collection_index ?? 0) : workflowIds.render(r.kind, r.id);
  try {
    await client.workflow.getHandle(id).cancel();
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}

/** Emits one event durably; `versionMs` tells two events about the same resource apart (an update's updated_at). */
export function startEmitEventWorkflow(client: Client, input: EmitEventInput, versionMs?: number): Promise<StartResult> {
  return startOnce(() => client.workflow.start<typeof emitEventWorkflow>('emitEventWorkflow', {
    taskQueue: TASK_QUEUES.WEBHOOKS,
    workflowId: workflowIds.event(input.type, input.resourceId, versionMs),
    args: [input],
    typedSearchAttributes: [{ key: SA.OrgId, value: input.orgId }],
  }));
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
 * A delivery workflow's task priority (lower runs first): after every other task of the `webhooks` queue, the event
 * workflows and the emitEvent activities of renders (the server's default 3, or their render's RENDER_PRIORITY), so a
 * backlog of deliveries never delays the events that commit their rows; within it the org is the fairness key, so one
 * org's burst does not hold back another org's deliveries. Needs the server's matching.enableFairness, as renders do.
 */
const DELIVERY_PRIORITY = 5;

/**
 * One delivery series. A delivery whose workflow completed must not run again when its start is issued again
 * (emitEvent retried, the start-recovery sweep); one that was terminated or failed may (ALLOW_DUPLICATE_FAILED_ONLY):
 * its row is not final. `eager` hands the first workflow task back to the calling worker.
 */
export async function startWebhookDeliveryWorkflow(
  client: Client,
  input: WebhookDeliveryWorkflowInput,
  opts: { eager?: boolean } = {},
): Promise<StartResult & { eager: boolean }> {
  let eager = false;
  const result = await startOnce(async () => {
    const handle = await client.workflow.start<typeof webhookDeliveryWorkflow>('webhookDeliveryWorkflow', {
      taskQueue: TASK_QUEUES.WEBHOOKS,
      workflowId: workflowIds.webhookDelivery(input.deliveryId, input.series),
      args: [input],
      workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
      typedSearchAttributes: deliverySearchAttributes(input),
      priority: { priorityKey: DELIVERY_PRIORITY, fairnessKey: input.orgId },
      ...(opts.eager ? { requestEagerStart: true } : {}),
    });
    eager = handle.eagerlyStarted;
  });
  return { ...result, eager };
}

/** A delivery series' workflow handle (tests wait on it). */
export function webhookDeliveryHandle(client: Client, deliveryId: string, series = 1): WorkflowHandle<typeof webhookDeliveryWorkflow> {
  return client.workflow.getHandle(workflowIds.webhookDelivery(deliveryId, series));
}

/**
 * Starts the parity check of a template version (docs/engines.md). The id is derived from the version, so a second
 * start (the sweeper re-driving a lost one) is refused while one runs; a run after a finished one finds the version
 * decided and returns.
 */
export function startEngineDecisionWorkflow(client: Client, input: EngineDecisionInput): Promise<StartResult> {
  return startOnce(() => client.workflow.start<typeof engineDecisionWorkflow>('engineDecisionWorkflow', {
    taskQueue: TASK_QUEUES.RENDER,
    workflowId: workflowIds.engineDecision(input.templateId, input.version),
    args: [input],
    typedSearchAttributes: [{ key: SA.OrgId, value: input.orgId }, { key: SA.TemplateId, value: input.templateId }],
    // nobody waits for it: behind single renders, and one org's saves share the queue fairly with another's
    priority: renderPriority(input.orgId, 'collection'),
  }));
}

/** A workflow someone waits on either answered, or failed; `code` is the failure's code when the activity gave one (a permanent failure). */
export type WorkflowOutcome<T> = { ok: true; output: T } | { ok: false; code: string | null; message: string; cause: unknown };
export type PreviewOutcome = WorkflowOutcome<PreviewOutput>;

function workflowFailure(err: unknown): { ok: false; code: string | null; message: string; cause: unknown } {
  let cause: unknown = err instanceof WorkflowFailedError ? err.cause : err;
  while (cause && !(cause instanceof ApplicationFailure) && (cause as Error).cause) cause = (cause as Error).cause;
  const failure = cause instanceof ApplicationFailure ? cause : null;
  return { ok: false, code: failure?.type ?? null, message: failure?.message ?? (err as Error).message, cause: err };
}

/**
 * Runs a preview and waits for its outcome, within `deadlineMs`; the id is fresh per request, so nothing is ever
 * deduplicated.
 */
export async function runPreviewWorkflow(client: Client, input: PreviewInput, timeoutMs: number, deadlineMs: number): Promise<PreviewOutcome> {
  try {
    const output = await client.withDeadline(Date.now() + deadlineMs, () =>
      client.workflow.execute<typeof previewWorkflow>('previewWorkflow', {
        taskQueue: TASK_QUEUES.RENDER,
        workflowId: workflowIds.preview(input.previewId),
        args: [input],
        workflowExecutionTimeout: timeoutMs,
        priority: renderPriority(input.orgId, 'single'),
      }),
    );
    return { ok: true, output };
  } catch (err) {
    return workflowFailure(err);
  }
}

/**
 * Pins a version's resources and waits for the manifest (docs/pinning.md), within `deadlineMs`; a fresh id per save.
 */
export async function runPinResourcesWorkflow(
  client: Client,
  input: PinResourcesInput,
  requestId: string,
  timeoutMs: number,
  deadlineMs: number,
): Promise<WorkflowOutcome<PinResourcesOutput>> {
  try {
    const output = await client.withDeadline(Date.now() + deadlineMs, () =>
      client.workflow.execute<typeof pinResourcesWorkflow>('pinResourcesWorkflow', {
        taskQueue: TASK_QUEUES.RENDER,
        workflowId: workflowIds.pinResources(requestId),
        args: [input],
        workflowExecutionTimeout: timeoutMs,
        // a person is waiting on the save
        priority: renderPriority(input.orgId, 'single'),
      }),
    );
    return { ok: true, output };
  } catch (err) {
    return workflowFailure(err);
  }
}

/** Runs a collection preflight and waits for its per-item warnings; a fresh id per request, like a preview. */
export function executePreflightWorkflow(client: Client, input: PreflightInput, timeoutMs: number) {
  return client.workflow.execute<typeof preflightWorkflow>('preflightWorkflow', {
    taskQueue: TASK_QUEUES.RENDER,
    workflowId: workflowIds.preflight(input.preflightId),
    args: [input],
    workflowExecutionTimeout: timeoutMs,
    priority: renderPriority(input.orgId, 'single'),
  });
}

export type { renderWorkflow, collectionWorkflow, emitEventWorkflow, webhookDeliveryWorkflow, previewWorkflow, scheduledRunWorkflow, preflightWorkflow, engineDecisionWorkflow, pinResourcesWorkflow };

export * from './temporal-schedules';
