/** Small numeric helpers shared by the bench phases. Figures are rounded once, where they are reported. */

export const round = (x: number, digits = 1): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

export const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Nearest-rank percentile (the same definition benchRawRender uses, so p50s compare like for like). */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The middle value (the mean of the two middle values of an even count); null for none. */
export function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface LatencySummary {
  n: number;
  mean_ms: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
}

export function summarize(ms: number[]): LatencySummary {
  return {
    n: ms.length,
    mean_ms: round(mean(ms)),
    p50_ms: round(percentile(ms, 50)),
    p95_ms: round(percentile(ms, 95)),
    max_ms: round(ms.length ? Math.max(...ms) : 0),
  };
}

/** a / b, or null when either side is missing or b is zero: a ratio we could not measure is not a ratio of 0. */
export function ratio(a: number | null | undefined, b: number | null | undefined, digits = 2): number | null {
  if (a == null || b == null || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return round(a / b, digits);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` with a cap. At the cap its AbortSignal fires, and `fn` gets `graceMs` to stop and return what it has
 * (a partial result beats none); after that the phase is abandoned with an error.
 */
export async function withDeadline<T>(ms: number, what: string, fn: (signal: AbortSignal) => Promise<T>, graceMs = 15_000): Promise<T> {
  const ctl = new AbortController();
  const timers: NodeJS.Timeout[] = [];
  const expired = new Promise<never>((_, reject) => {
    timers.push(
      setTimeout(() => {
        ctl.abort();
        timers.push(setTimeout(() => reject(new Error(`${what} exceeded its ${Math.round(ms / 1000)} s budget`)), graceMs));
      }, ms),
    );
  });
  try {
    return await Promise.race([fn(ctl.signal), expired]);
  } finally {
    for (const t of timers) clearTimeout(t);
    ctl.abort();
  }
}

/**
 * An A/B cost measured as interleaved pairs (without, then with), after one warm-up of each, so drift in the machine
 * hits both sides alike. `afterWarmUp` resets whatever the caller accumulates besides the latencies.
 */
export async function interleavedPairs(n: number, once: (on: boolean) => Promise<number>, afterWarmUp?: () => void) {
  await once(true);
  await once(false);
  afterWarmUp?.();
  const without: number[] = [];
  const withOn: number[] = [];
  for (let i = 0; i < n; i++) {
    without.push(await once(false));
    withOn.push(await once(true));
  }
  return { withoutP50: percentile(without, 50), withP50: percentile(withOn, 50) };
}
