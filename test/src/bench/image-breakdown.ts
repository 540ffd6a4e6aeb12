import { workflowIds } from '@rp/workflow-safe';
import { mean, percentile, round } from './stats';
import { workflowTimeline, type WorkflowTimeline } from './temporal-timeline';

/** One sync POST /v1/images as the client saw it. */
export interface SyncRender {
  id: string | null;
  sentAt: number;
  ms: number;
  status: string;
  error?: string;
  body?: any;
}

export interface ImageBreakdown {
  n: number;
  /** Mean ms of each segment between the client's POST and its 200 response. */
  segments_ms: Record<string, number>;
  /** Median ms of each segment: on a shared machine one descheduled render moves a mean, not a median. */
  segments_p50_ms: Record<string, number>;
  workflow_tasks_per_render: number;
}

/** Per-segment means and medians over sync renders, from Temporal history + the row's own timestamps. */
export async function imageBreakdown(renders: SyncRender[]): Promise<ImageBreakdown> {
  const seg: Record<string, number[]> = {};
  const add = (k: string, v: number) => Number.isFinite(v) && (seg[k] ??= []).push(v);
  let tasks = 0;
  let n = 0;
  for (const r of renders) {
    if (!r.id || r.status !== 'completed') continue;
    const tl = await workflowTimeline(workflowIds.render('image', r.id));
    if (!tl || tl.closedMs == null) continue;
    const rowStarted = Date.parse(r.body.started_at);
    const rowCompleted = Date.parse(r.body.completed_at);
    const spans = tl.localActivities > 0 ? localActivitySegments(tl, rowStarted, rowCompleted) : activitySegments(tl, rowStarted, rowCompleted);
    if (!spans) continue;
    n++;
    tasks += tl.workflowTasks;
    add('1_api_until_workflow_started', tl.startedMs - r.sentAt);
    for (const [k, v] of Object.entries(spans)) add(k, v);
    add('6_row_completed_until_response', r.sentAt + r.ms - rowCompleted);
    add('total', r.ms);
  }
  return {
    n,
    segments_ms: Object.fromEntries(Object.entries(seg).map(([k, v]) => [k, round(mean(v))])),
    segments_p50_ms: Object.fromEntries(Object.entries(seg).map(([k, v]) => [k, round(percentile(v, 50))])),
    workflow_tasks_per_render: n ? round(tasks / n, 2) : 0,
  };
}

/** A single image: its render is a local activity inside the first workflow task. */
function localActivitySegments(tl: WorkflowTimeline, rowStarted: number, rowCompleted: number): Record<string, number> | null {
  if (!tl.firstTask) return null;
  return {
    '2_workflow_started_until_task_started': tl.firstTask.startedMs - tl.startedMs,
    '3_task_started_until_row_rendering': rowStarted - tl.firstTask.startedMs,
    '4_render_upload_finish_row': rowCompleted - rowStarted,
    '5_row_completed_until_task_completed': tl.firstTask.completedMs - rowCompleted,
  };
}

/** A render run as an activity task (collection items, and images before local activities). */
function activitySegments(tl: WorkflowTimeline, rowStarted: number, rowCompleted: number): Record<string, number> | null {
  const act = tl.activities.find((a) => a.name === 'renderImage');
  if (!act || act.startedMs == null || act.closedMs == null) return null;
  return {
    '2_workflow_started_until_activity_scheduled': act.scheduledMs - tl.startedMs,
    '3_activity_queue_wait': act.startedMs - act.scheduledMs,
    '4a_activity_load_and_mark_rendering': rowStarted - act.startedMs,
    '4b_render_upload_finish_row': rowCompleted - rowStarted,
    '5_activity_after_row_completed': act.closedMs - rowCompleted,
  };
}
