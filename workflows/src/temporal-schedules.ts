// The Temporal Schedules behind the schedules resource (docs/schedules.md): part of the client (`@rp/workflows/client`
// re-exports them), kept in their own module for size.
import { ScheduleNotFoundError, ScheduleOverlapPolicy, type Client, type ScheduleOptionsStartWorkflowAction } from '@temporalio/client';
import { SA, TASK_QUEUES, workflowIds, type RenderKind } from '@rp/workflow-safe';
import type { scheduledRunWorkflow } from './scheduled-run-workflow';

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
