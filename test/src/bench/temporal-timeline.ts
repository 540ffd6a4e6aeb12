import { Client, Connection } from '@temporalio/client';
import { stack } from './stack-probe';
import { addCost, childWorkflowIds, historyCost, type TemporalCost } from './temporal-actions';

/**
 * Where the time between POST and "completed" goes, read from the workflow's own history: when the workflow
 * started (the API's part ends there), when each activity was scheduled, picked up by a worker and finished,
 * and when the workflow closed. Everything runs on one machine, so client and server clocks agree.
 */

let connection: Connection | undefined;
let client: Client | undefined;

async function temporal(): Promise<Client> {
  if (!client) {
    const info = stack();
    connection = await Connection.connect({ address: info.temporalAddress });
    client = new Client({ connection, namespace: info.temporalNamespace });
  }
  return client;
}

export async function closeTemporal(): Promise<void> {
  await connection?.close().catch(() => undefined);
  connection = undefined;
  client = undefined;
}

export interface ActivitySpan {
  name: string;
  scheduledMs: number;
  startedMs: number | null;
  closedMs: number | null;
  /** Worker identity (pid@host) that ran the last attempt: shows how chunks spread over workers. */
  identity: string | null;
  attempt: number;
}

export interface WorkflowTimeline {
  startedMs: number;
  closedMs: number | null;
  /** Workflow tasks (decisions), as [scheduled, started, completed]: each is a round trip through a worker. */
  workflowTasks: number;
  /** The first workflow task: a single image's local activity runs inside it. */
  firstTask: { startedMs: number; completedMs: number } | null;
  /** Local activities recorded (MarkerRecorded events). */
  localActivities: number;
  activities: ActivitySpan[];
}

const ms = (t: { seconds?: unknown; nanos?: number | null } | null | undefined): number =>
  t ? Number(t.seconds ?? 0) * 1000 + (t.nanos ?? 0) / 1e6 : NaN;

export async function workflowTimeline(workflowId: string): Promise<WorkflowTimeline | null> {
  try {
    const history = await (await temporal()).workflow.getHandle(workflowId).fetchHistory();
    const events = history.events ?? [];
    const byScheduled = new Map<string, ActivitySpan>();
    let startedMs = NaN;
    let closedMs: number | null = null;
    let workflowTasks = 0;
    let localActivities = 0;
    let taskStartedMs = NaN;
    let firstTask: WorkflowTimeline['firstTask'] = null;
    for (const e of events) {
      const at = ms(e.eventTime as never);
      if (e.workflowExecutionStartedEventAttributes) startedMs = at;
      if (e.workflowTaskStartedEventAttributes && Number.isNaN(taskStartedMs)) taskStartedMs = at;
      if (e.workflowTaskCompletedEventAttributes) {
        workflowTasks++;
        firstTask ??= { startedMs: taskStartedMs, completedMs: at };
      }
      if (e.markerRecordedEventAttributes) localActivities++;
      if (e.workflowExecutionCompletedEventAttributes || e.workflowExecutionFailedEventAttributes) closedMs = at;
      const sched = e.activityTaskScheduledEventAttributes;
      if (sched) {
        byScheduled.set(String(e.eventId), {
          name: sched.activityType?.name ?? '?',
          scheduledMs: at,
          startedMs: null,
          closedMs: null,
          identity: null,
          attempt: 1,
        });
      }
      const started = e.activityTaskStartedEventAttributes;
      if (started) {
        const span = byScheduled.get(String(started.scheduledEventId));
        if (span) Object.assign(span, { startedMs: at, identity: started.identity ?? null, attempt: started.attempt ?? 1 });
      }
      const closed =
        e.activityTaskCompletedEventAttributes ?? e.activityTaskFailedEventAttributes ?? e.activityTaskTimedOutEventAttributes;
      if (closed) {
        const span = byScheduled.get(String(closed.scheduledEventId));
        if (span) span.closedMs = at;
      }
    }
    return { startedMs, closedMs, workflowTasks, firstTask, localActivities, activities: [...byScheduled.values()] };
  } catch {
    return null;
  }
}

/** What a workflow and every child it started cost Temporal (temporal-actions.ts), read from their histories. */
export async function workflowTreeCost(workflowId: string): Promise<TemporalCost> {
  const c = await temporal();
  const handle = c.workflow.getHandle(workflowId);
  // a row turns final inside the workflow's last task, before the task (and its events) is recorded: wait for the
  // close (a parent closes after its children)
  await handle.result().catch(() => undefined);
  const root = (await handle.fetchHistory()).events ?? [];
  let total = historyCost(root);
  const children = childWorkflowIds(root);
  // a few at a time: a 500-item collection is 500 histories, read after the timed part
  for (let i = 0; i < children.length; i += 8) {
    const histories = await Promise.all(children.slice(i, i + 8).map((id) => c.workflow.getHandle(id).fetchHistory()));
    for (const h of histories) total = addCost(total, historyCost(h.events ?? []));
  }
  return total;
}
