import { RENDER_ERROR_CODES } from './constants';
import type { RenderError } from './types';

/**
 * The `{code, message}` recorded on a render for an ApplicationFailure: its type is the error code when it looks like
 * one of ours, anything else is internal. The workflow (a failed activity) and the collection batch (a failed item
 * inside the activity) record failures the same way.
 */
export function renderErrorOf(type: string | null | undefined, message: string): RenderError {
  const code = type && /^[a-z_]+$/.test(type) ? type : RENDER_ERROR_CODES.INTERNAL;
  return { code, message: message.slice(0, 1000) };
}
