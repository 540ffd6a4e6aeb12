import type { temporal } from '@temporalio/proto';

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

/** What one workflow (or a collection with its item workflows) cost Temporal, counted from history. */
export interface TemporalCost {
  workflows: number;
  /** Billable actions as Temporal Cloud counts them, approximated from history (below). */
  actions: number;
  /** Workflow tasks completed: each a round trip server -> worker -> server. */
  workflow_tasks: number;
  activity_tasks: number;
  local_activities: number;
  events: number;
}

export const zeroCost = (): TemporalCost => ({ workflows: 0, actions: 0, workflow_tasks: 0, activity_tasks: 0, local_activities: 0, events: 0 });

export function addCost(a: TemporalCost, b: TemporalCost): TemporalCost {
  const out = zeroCost();
  for (const k of Object.keys(out) as (keyof TemporalCost)[]) out[k] = a[k] + b[k];
  return out;
}

/**
 * Temporal Cloud's actions, approximated from one workflow's history: its start (a child's start is counted in the
 * child's own history, not again in the parent's), every activity attempt, the local activities of one workflow task
 * as one action, timers, search-attribute upserts and signals. Workflow tasks are not actions, but they are most of
 * a self-hosted server's work, so they are reported beside them.
 */
export function historyCost(events: readonly HistoryEvent[]): TemporalCost {
  const cost = { ...zeroCost(), workflows: 1, events: events.length };
  const localTasks = new Set<string>();
  for (const e of events) {
    if (e.workflowExecutionStartedEventAttributes) cost.actions++;
    if (e.workflowTaskCompletedEventAttributes) cost.workflow_tasks++;
    const started = e.activityTaskStartedEventAttributes;
    if (started) {
      cost.activity_tasks++;
      cost.actions += Math.max(1, started.attempt ?? 1);
    }
    const marker = e.markerRecordedEventAttributes;
    if (marker?.markerName === 'core_local_activity') {
      cost.local_activities++;
      localTasks.add(String(marker.workflowTaskCompletedEventId));
    }
    if (e.timerStartedEventAttributes || e.upsertWorkflowSearchAttributesEventAttributes) cost.actions++;
    if (e.signalExternalWorkflowExecutionInitiatedEventAttributes || e.workflowExecutionSignaledEventAttributes) cost.actions++;
  }
  cost.actions += localTasks.size;
  return cost;
}

/** The ids of the child workflows a history started. */
export const childWorkflowIds = (events: readonly HistoryEvent[]): string[] =>
  events.flatMap((e) => (e.startChildWorkflowExecutionInitiatedEventAttributes?.workflowId ? [e.startChildWorkflowExecutionInitiatedEventAttributes.workflowId] : []));
