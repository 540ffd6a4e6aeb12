import { captureImage, type BrowserPool } from '@rp/render-worker/renderer';
import { interleavedPairs, round } from './stats';

/** The card fixture's placeholders as the worker sorts them for the warnings read (bench-setup.ts card). */
const CARD_KINDS = { text: ['headline', 'copy', 'price'], image: ['photo'] };

export interface WarningsCost {
  n: number;
  /** captureImage p50 without and with the warnings read, interleaved so drift hits both alike. */
  without_p50_ms: number;
  with_p50_ms: number;
  /** (with - without) / without, in percent; the target is under 5. Noise on a loaded machine can make it negative. */
  cost_pct: number;
}

/**
 * The cost of warnings on the single-render path: the worker's captureImage on one pool, alternately with and without
 * `warnFor` (one read-only evaluate after layout, plus the fontconfig coverage read once per process).
 */
export async function benchWarningsCost(pool: BrowserPool, doc: { document: string; width: number; height: number }, n: number, timeoutMs: number): Promise<WarningsCost> {
  const once = async (warn: boolean) => {
    const s = performance.now();
    await captureImage(pool, { ...doc, format: 'png', timeoutMs, orgId: 'bench', warnFor: warn ? CARD_KINDS : undefined });
    return performance.now() - s;
  };
  // the first pair warms up, and reads the coverage
  const { withoutP50: a, withP50: b } = await interleavedPairs(n, once);
  return { n, without_p50_ms: round(a, 1), with_p50_ms: round(b, 1), cost_pct: round(((b - a) / a) * 100, 1) };
}
