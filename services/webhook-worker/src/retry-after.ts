/** A receiver may ask for a longer pause, never for one longer than this (it would stall the schedule). */
export const RETRY_AFTER_CAP_MS = 3_600_000;

/**
 * Retry-After (RFC 9110): delay-seconds or an HTTP-date. Returns ms from now, capped, or null when absent
 * or unparseable (the schedule's delay then applies).
 */
export function parseRetryAfter(value: string | null | undefined, nowMs = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Math.min(Number(v) * 1000, RETRY_AFTER_CAP_MS);
  // only the date forms HTTP allows, so "5 minutes" or "1.5" are ignored instead of misread by Date.parse
  if (!/^[A-Za-z]{3},? /.test(v)) return null;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, at - nowMs), RETRY_AFTER_CAP_MS);
}
