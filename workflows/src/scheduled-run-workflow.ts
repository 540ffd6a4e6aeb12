import { ParentClosePolicy, startChild, workflowInfo } from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import type { ScheduledRunInput, ScheduledRunOutput } from '@rp/workflow-safe';
import { workflowIds } from '@rp/workflow-safe';
import { db } from './activity-proxies';
import { collectionWorkflow } from './collection-workflow';
import { pendingSearchAttributes } from './search-attributes';

/** The time the Schedule meant this run for: the spec's time for timetable runs, the trigger's time for a trigger. */
function scheduledAt(): Date {
  const info = workflowInfo();
  const raw = info.searchAttributes?.TemporalScheduledStartTime?.[0];
  if (raw instanceof Date) return raw;
  if (typeof raw === 'string') return new Date(raw);
  return info.startTime;
}

/**
 * One run of a schedule (started by its Temporal Schedule, on the timetable or by a trigger). The activity stores
 * the run and its collection once per run key; the collection then runs as an abandoned child, so the run is
 * done as soon as its collection is under way and the collection reports `collection.completed` as any other.
 */
export async function scheduledRunWorkflow(input: ScheduledRunInput): Promise<ScheduledRunOutput> {
  const out = await db.runSchedule({
    scheduleId: input.scheduleId,
    scheduledAt: scheduledAt().toISOString(),
    workflowId: workflowInfo().workflowId,
  });
  const c = out.collection;
  if (out.status !== 'created' || !c) return out;
  try {
    await startChild(collectionWorkflow, {
      workflowId: workflowIds.collection(c.collectionId),
      parentClosePolicy: ParentClosePolicy.ABANDON,
      // a retried or repeated run answers the collection it stored before: never run a finished one again
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      args: [c],
      typedSearchAttributes: pendingSearchAttributes(c),
    });
  } catch (err) {
    // started already: by an earlier attempt of this run, or by the render worker's sweeper (same id, same work)
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
  return { status: out.status, runId: out.runId, collection: { ...c, renderIds: [] } };
}
