import { localDate } from '@rp/people';

/**
 * A run is a timetable run when the Schedule meant it for a whole minute (the spec has no seconds); a trigger
 * carries the moment it was asked for. Timetable runs are keyed by their local date, so one per date at most.
 */
export function runKeyOf(scheduledAt: Date, timezone: string, workflowId: string) {
  const today = localDate(scheduledAt, timezone);
  const daily = scheduledAt.getUTCSeconds() === 0 && scheduledAt.getUTCMilliseconds() === 0;
  return { today, kind: daily ? 'daily' : 'trigger', runKey: daily ? `daily:${today}` : `trigger:${workflowId}` };
}
