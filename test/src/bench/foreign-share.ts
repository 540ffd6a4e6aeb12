import type { SummaryRow } from './report';

/** Above this share of foreign CPU (other users of the machine) during any phase, verdicts are not comparable. */
export const FOREIGN_SHARE_LIMIT = 0.1;

/** The highest `foreign_share` any phase's CPU report recorded, anywhere in the result object. */
export function maxForeignShare(result: unknown): number | null {
  let max: number | null = null;
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (k === 'foreign_share' && typeof x === 'number') max = Math.max(max ?? 0, x);
      else walk(x);
    }
  };
  walk(result);
  return max;
}

/**
 * Withholds every verdict when foreign load was high: the figures are still printed, but a ratio measured while
 * another process took the CPU says nothing about the platform, so `met` becomes null and the note says why.
 */
export function gateVerdicts(rows: SummaryRow[], foreignShare: number | null): SummaryRow[] {
  if (foreignShare == null || foreignShare <= FOREIGN_SHARE_LIMIT) return rows;
  const why = `not comparable: foreign CPU ${Math.round(foreignShare * 100)} % > ${FOREIGN_SHARE_LIMIT * 100} %`;
  return rows.map((r) => (r.target ? { ...r, met: null, note: r.note ? `${why}; ${r.note}` : why } : r));
}
