// The one module that starts, waits for and cancels workflows (API, workers, tests). Published as
// `@rp/workflows/client`; not part of index.ts, which is the workflow bundle.
import {
  ApplicationFailure,
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  WorkflowFailedError,
  WorkflowNotFoundError,
  type Client,
  type ScheduleOptionsStartWorkflowAction,
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
import { pendingSearchAttributes } from './search-attributes';

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
 * One delivery series. A finished delivery must not run again when emitEvent is retried after its workflow
 * closed (REJECT_DUPLICATE); `eager` hands the first workflow task back to the calling worker.
 */
export function startWebhookDeliveryWorkflow(client: Client, input: WebhookDeliveryWorkflowInput, opts: { eager?: boolean } = {}): Promise<StartResult> {
  return startOnce(() => client.workflow.start<typeof webhookDeliveryWorkflow>('webhookDeliveryWorkflow', {
    taskQueue: TASK_QUEUES.WEBHOOKS,
    workflowId: workflowIds.webhookDelivery(input.deliveryId, input.series),
    args: [input],
    workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
    typedSearchAttributes: [{ key: SA.OrgId, value: input.orgId }],
    ...(opts.eager ? { requestEagerStart: true } : {}),
  }));
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

/** A preview either rendered, or failed; `code` is the failure's code when the renderer gave one (a permanent failure). */
export type PreviewOutcome = { ok: true; output: PreviewOutput } | { ok: false; code: string | null; message: string; cause: unknown };

function previewFailure(err: unknown): PreviewOutcome {
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
    return previewFailure(err);
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

export type { renderWorkflow, collectionWorkflow, emitEventWorkflow, webhookDeliveryWorkflow, previewWorkflow, scheduledRunWorkflow, preflightWorkflow, engineDecisionWorkflow };

/** What a Temporal Schedule mirrors of a schedule row. */
export interface ScheduleSpecInput {
  id: string;
  orgId: string;
  name: string;
  templateId: string;
  kind: RenderKind;
  /** HH:MM local to `timezone`. */
  at: string;
  timezone: string;
  enabled: boolean;
}

function specOf(s: ScheduleSpecInput) {
  const [hour, minute] = s.at.split(':').map(Number) as [number, number];
  return { calendars: [{ hour, minute, comment: `daily at ${s.at} ${s.timezone}` }], timezone: s.timezone };
}

function actionOf(s: ScheduleSpecInput): ScheduleOptionsStartWorkflowAction<typeof scheduledRunWorkflow> {
  return {
    type: 'startWorkflow',
    workflowType: 'scheduledRunWorkflow',
    workflowId: workflowIds.scheduleRun(s.id),
    taskQueue: TASK_QUEUES.RENDER,
    args: [{ scheduleId: s.id, orgId: s.orgId }],
    typedSearchAttributes: [
      { key: SA.OrgId, value: s.orgId },
      { key: SA.TemplateId, value: s.templateId },
      { key: SA.RenderKind, value: s.kind },
      { key: SA.ScheduleId, value: s.id },
    ],
    memo: { name: s.name },
  };
}

const note = (enabled: boolean) => (enabled ? 'enabled through the API' : 'paused through the API');

/**
 * Creates the Temporal Schedule of a schedule row. Runs never overlap-skip (a trigger may run beside a daily run);
 * a run missed while the server was down is caught up within a day (the run key still allows one per local date).
 */
export function createTemporalSchedule(client: Client, s: ScheduleSpecInput) {
  return client.schedule.create({
    scheduleId: workflowIds.schedule(s.id),
    spec: specOf(s),
    action: actionOf(s),
    policies: { overlap: ScheduleOverlapPolicy.ALLOW_ALL, catchupWindow: '1 day' },
    state: { paused: !s.enabled, note: note(s.enabled) },
    memo: { name: s.name },
    typedSearchAttributes: [
      { key: SA.OrgId, value: s.orgId },
      { key: SA.ScheduleId, value: s.id },
    ],
  });
}

/** Replaces the spec, action and paused state with the row's. */
export async function updateTemporalSchedule(client: Client, s: ScheduleSpecInput) {
  await client.schedule.getHandle(workflowIds.schedule(s.id)).update((prev) => ({
    ...prev,
    spec: specOf(s),
    action: actionOf(s),
    state: { ...prev.state, paused: !s.enabled, note: note(s.enabled) },
  }));
}

export async function setTemporalSchedulePaused(client: Client, scheduleId: string, paused: boolean) {
  const handle = client.schedule.getHandle(workflowIds.schedule(scheduleId));
  await (paused ? handle.pause(note(false)) : handle.unpause(note(true)));
}

/** Runs the schedule now, beside any run in progress. */
export function triggerTemporalSchedule(client: Client, scheduleId: string) {
  return client.schedule.getHandle(workflowIds.schedule(scheduleId)).trigger(ScheduleOverlapPolicy.ALLOW_ALL);
}

/** Deletes the Temporal Schedule; one already gone counts as deleted. */
export async function deleteTemporalSchedule(client: Client, scheduleId: string) {
  try {
    await client.schedule.getHandle(workflowIds.schedule(scheduleId)).delete();
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
}

/** The Temporal Schedule's state, or null when there is none. */
export async function describeTemporalSchedule(client: Client, scheduleId: string) {
  try {
    return await client.schedule.getHandle(workflowIds.schedule(scheduleId)).describe();
  } catch (err) {
    if (err instanceof ScheduleNotFoundError) return null;
    throw err;
  }
}
