import { ActivityFailure, ApplicationFailure, ChildWorkflowFailure, isCancellation } from '@temporalio/workflow';
import { RENDER_CANCELLED, RENDER_ERROR_CODES, renderErrorOf, type RenderError } from '@rp/workflow-safe';

/** Maps a failure that reached the workflow onto the `{code, message}` recorded on the render. */
export function failureToRenderError(err: unknown): RenderError {
  if (isCancellation(err)) return { ...RENDER_CANCELLED };
  let cur: unknown = err;
  while (cur instanceof ActivityFailure || cur instanceof ChildWorkflowFailure) cur = cur.cause;
  if (cur instanceof ApplicationFailure) return renderErrorOf(cur.type, cur.message);
  const message = cur instanceof Error ? cur.message : String(cur);
  if (/timed? ?out/i.test(message)) return { code: RENDER_ERROR_CODES.TIMEOUT, message };
  return { code: RENDER_ERROR_CODES.INTERNAL, message: message.slice(0, 1000) };
}
