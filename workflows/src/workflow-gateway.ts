// The API's view of Temporal (`@rp/workflows/gateway`): every start, cancel, describe and schedule call of the API,
// each with its deadline, answering plain values and the platform's own errors (`@rp/errors`). Routes and services
// never see a Temporal client, handle or error class; only this module and client.ts do.
import { Client, Connection, type ConnectionOptions } from '@temporalio/client';
import type { EmitEventInput, EngineDecisionInput, PinResourcesInput, PinResourcesOutput, PreflightInput, PreflightOutput, PreviewInput, RenderKind, RenderWorkflowInput, WebhookDeliveryWorkflowInput } from '@rp/workflow-safe';
import { PIN_CAPS, PIN_REFUSAL_CODES } from '@rp/workflow-safe';
import { AppError, isAppError, unavailable } from '@rp/errors';
import {
  cancelRenderWorkflow,
  createTemporalSchedule,
  deleteTemporalSchedule,
  describeTemporalSchedule,
  runPinResourcesWorkflow,
  executePreflightWorkflow,
  runPreviewWorkflow,
  setTemporalSchedulePaused,
  startCollectionWorkflow,
  startEngineDecisionWorkflow,
  startEmitEventWorkflow,
  startRenderWorkflow,
  startWebhookDeliveryWorkflow,
  triggerTemporalSchedule,
  updateTemporalSchedule,
  type CollectionStart,
  type PreviewOutcome,
  type ScheduleSpecInput,
  type StartResult,
} from './client';

/** How long the API waits for Temporal to take a workflow start before it answers 503. */
export const TEMPORAL_START_DEADLINE_MS = 5000;

/**
 * Reading or changing a Schedule queries its scheduler workflow, and the query waits for that workflow's latest task,
 * which a loaded server's internal worker can take seconds to pick up. Schedule calls are rare management calls, so
 * they wait longer than a render's start before the answer becomes 503.
 */
export const SCHEDULE_CALL_DEADLINE_MS = 15_000;

export type { PreviewOutcome };

export interface WorkflowGateway {
  /** Starts a render's workflow; one already started with its id counts as started. 503 when Temporal does not take it. */
  startRender(input: RenderWorkflowInput): Promise<void>;
  startCollection(c: CollectionStart, renderIds: string[], concurrency: number): Promise<void>;
  /** Cancels a video's workflow: false when it has none (a collection item not started yet). */
  cancelRender(r: { id: string; kind: RenderKind; collection_id: string | null; collection_index: number | null }): Promise<boolean>;
  startEmitEvent(input: EmitEventInput, versionMs?: number): Promise<void>;
  startWebhookDelivery(input: WebhookDeliveryWorkflowInput): Promise<void>;
  /** Starts a template version's parity check (docs/engines.md); one already started counts as started. */
  startEngineDecision(input: EngineDecisionInput): Promise<void>;
  /** Lays out a collection's items and waits for their warnings (`timeoutMs` the workflow's own limit); 503 when it fails. */
  runPreflight(input: PreflightInput, timeoutMs: number): Promise<PreflightOutput>;
  /**
   * Pins a version's resources and waits for the manifest (docs/pinning.md): 422 with a PIN_REFUSAL_CODES code
   * (field composition_html) when pinning refuses the save, 503 when the workflow engine or the worker does not answer.
   */
  runPinning(input: PinResourcesInput, requestId: string): Promise<PinResourcesOutput>;
  /** Runs a preview and waits for it (`timeoutMs` the workflow's own limit). */
  runPreview(input: PreviewInput, timeoutMs: number): Promise<PreviewOutcome>;
  createSchedule(s: ScheduleSpecInput): Promise<void>;
  updateSchedule(s: ScheduleSpecInput): Promise<void>;
  setSchedulePaused(scheduleId: string, paused: boolean): Promise<void>;
  triggerSchedule(scheduleId: string): Promise<void>;
  deleteSchedule(scheduleId: string): Promise<void>;
  /** When the Schedule runs next (null: paused, or no Schedule). */
  nextScheduleRun(scheduleId: string): Promise<Date | null>;
  /** Rejects with the server's own error when Temporal does not answer (/readyz shows its text). */
  ping(): Promise<void>;
}

/** A Temporal call within `deadlineMs`; whatever it throws but a platform error becomes 503. */
async function guarded<T>(client: Client, deadlineMs: number, call: () => Promise<T>): Promise<T> {
  try {
    return await client.withDeadline(Date.now() + deadlineMs, call);
  } catch (err) {
    if (isAppError(err)) throw err;
    throw unavailable('The workflow engine', err);
  }
}

/** A start within the start deadline; one already started counts as started (client.ts `StartResult`). */
async function start(client: Client, call: () => Promise<StartResult>): Promise<void> {
  await guarded(client, TEMPORAL_START_DEADLINE_MS, call);
}

export function createWorkflowGateway(client: Client): WorkflowGateway {
  const schedule = <T>(call: () => Promise<T>) => guarded(client, SCHEDULE_CALL_DEADLINE_MS, call);
  return {
    startRender: (input) => start(client, () => startRenderWorkflow(client, input)),
    startCollection: (c, renderIds, concurrency) => start(client, () => startCollectionWorkflow(client, c, renderIds, concurrency)),
    startEmitEvent: (input, versionMs) => start(client, () => startEmitEventWorkflow(client, input, versionMs)),
    startWebhookDelivery: (input) => start(client, () => startWebhookDeliveryWorkflow(client, input)),
    startEngineDecision: (input) => start(client, () => startEngineDecisionWorkflow(client, input)),
    cancelRender: (r) => guarded(client, TEMPORAL_START_DEADLINE_MS, () => cancelRenderWorkflow(client, r)),
    // the workflow's own limit plus the time to start it and hand back its answer
    runPreflight: (input, timeoutMs) => guarded(client, timeoutMs + 5000, () => executePreflightWorkflow(client, input, timeoutMs)),
    runPinning: async (input, requestId) => {
      // the workflow's own limit: the pinning deadline, storing the bytes, one retry's start; plus handing back
      const timeoutMs = PIN_CAPS.DEADLINE_MS + 15_000;
      const outcome = await runPinResourcesWorkflow(client, input, requestId, timeoutMs, timeoutMs + 5000);
      if (outcome.ok) return outcome.output;
      if (outcome.code && (PIN_REFUSAL_CODES as readonly string[]).includes(outcome.code)) {
        throw new AppError(422, outcome.code, outcome.message, { details: [{ field: 'composition_html', message: outcome.message }] });
      }
      throw unavailable("Pinning the template's resources", outcome.cause);
    },
    // the workflow's own limit plus the time to start it and hand back its answer
    runPreview: (input, timeoutMs) => runPreviewWorkflow(client, input, timeoutMs, timeoutMs + 5000),
    createSchedule: (s) => schedule(async () => void (await createTemporalSchedule(client, s))),
    updateSchedule: (s) => schedule(() => updateTemporalSchedule(client, s)),
    setSchedulePaused: (id, paused) => schedule(() => setTemporalSchedulePaused(client, id, paused)),
    triggerSchedule: (id) => schedule(() => triggerTemporalSchedule(client, id)),
    deleteSchedule: (id) => schedule(() => deleteTemporalSchedule(client, id)),
    nextScheduleRun: (id) =>
      schedule(async () => {
        const described = await describeTemporalSchedule(client, id);
        return described && !described.state.paused ? (described.info.nextActionTimes[0] ?? null) : null;
      }),
    ping: async () => void (await client.workflowService.getSystemInfo({})),
  };
}

/** The API's gateway over a lazy connection: the API boots while Temporal is down and connects on first use. */
export function connectWorkflowGateway(o: {
  address: string;
  namespace: string;
  tls?: ConnectionOptions['tls'];
}): WorkflowGateway {
  return createWorkflowGateway(new Client({ connection: Connection.lazy({ address: o.address, tls: o.tls }), namespace: o.namespace }));
}
