const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "0" | "500ms" | "5s" | "5m" | "2h" | "1d" -> milliseconds. A bare number is milliseconds. */
export function parseDuration(raw: string): number {
  const m = /^\s*(\d+)(ms|s|m|h|d)?\s*$/.exec(raw);
  if (!m) throw new Error(`"${raw}" is not a duration (e.g. 0, 500ms, 5s, 5m, 2h, 1d)`);
  return Number(m[1]) * UNIT_MS[m[2] ?? 'ms']!;
}

/**
 * WEBHOOK_RETRY_SCHEDULE ("0,5s,5m,30m,2h,5h,10h,10h") -> delays in ms before each attempt.
 * Entry i is the wait before attempt i+1, so the length is the number of attempts.
 */
export function parseRetrySchedule(raw: string): number[] {
  const parts = raw.split(',');
  if (parts.length > 50) throw new Error('at most 50 attempts');
  return parts.map(parseDuration);
}
