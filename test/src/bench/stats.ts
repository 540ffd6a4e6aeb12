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

/** Runs `fn` with a cap; the phase gets an AbortSignal so its loops can stop early and report what they have. */
export async function withDeadline<T>(ms: number, what: string, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ctl = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ctl.abort();
      reject(new Error(`${what} exceeded its ${Math.round(ms / 1000)} s budget`));
    }, ms);
  });
  try {
    return await Promise.race([fn(ctl.signal), expired]);
  } finally {
    clearTimeout(timer);
    ctl.abort();
  }
}
