import { Context } from '@temporalio/activity';

/**
 * Heartbeats on a timer while `fn` runs, so a dead worker is detected within the heartbeat timeout and a live
 * one is told promptly about cancellation. `details` is read at each beat (e.g. frames done, for resume).
 */
export async function withHeartbeat<T>(fn: (signal: AbortSignal) => Promise<T>, details?: () => unknown, everyMs = 2000): Promise<T> {
  const ctx = Context.current();
  // no beat at the start: the heartbeat timeout counts from the activity's start anyway, and an image render
  // is usually over before the first beat is due (one RPC less per render)
  // a local activity (single images) cannot heartbeat: its workflow task's own timeout covers a lost worker
  const timer = ctx.info.isLocal ? undefined : setInterval(() => ctx.heartbeat(details?.()), everyMs);
  try {
    return await fn(ctx.cancellationSignal);
  } finally {
    clearInterval(timer);
  }
}
