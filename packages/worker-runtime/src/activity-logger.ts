import { Context } from '@temporalio/activity';
import type { Logger } from 'pino';

/** A child logger carrying the calling workflow's id, so one delivery's log lines can be found together. */
export function activityLogger(base: Logger): Logger {
  try {
    const info = Context.current().info;
    return base.child({
      workflow_id: info.workflowExecution?.workflowId,
      activity: info.activityType,
      activity_attempt: info.attempt,
    });
  } catch {
    return base; // called outside an activity (unit tests)
  }
}
