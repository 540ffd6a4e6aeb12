import { Context } from '@temporalio/activity';

/**
 * Heartbeats while `fn` runs longer than `everyMs`. Fast activities send none; a slow one proves it is alive,
 * so the workflows can use a short heartbeatTimeout: an activity task lost between server and worker
 * (a poll answered to a worker that gave up on it, a SIGKILL) is retried in seconds instead of after
 * startToCloseTimeout.
 */
export async function withKeepAlive<T>(fn: () => Promise<T>, everyMs = 2000): Promise<T> {
  let ctx: Context | null = null;
  try {
    ctx = Context.current();
  } catch {
    return fn(); // outside an activity (unit tests)
  }
  const timer = setInterval(() => {
    try {
      ctx.heartbeat();
    } catch {
      /* a heartbeat that cannot be sent must not crash the worker; the timeout then retries the attempt */
    }
  }, everyMs);
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}
