import type { WarningsCost } from './warnings-bench';

/**
 * A with/without cost measurement is plausible: both figures finite and positive, and its percentage the one they
 * give (to the rounding of the figures: 0.05 ms each). The sign of the cost is not asserted: noise on a shared
 * machine can make it negative (the bench reports it, the smoke test does not judge it).
 */
export function expectConsistentCost(c: Pick<WarningsCost, 'without_p50_ms' | 'with_p50_ms' | 'cost_pct'>): void {
  for (const v of [c.without_p50_ms, c.with_p50_ms]) expect(Number.isFinite(v) && v > 0).toBe(true);
  expect(Number.isFinite(c.cost_pct)).toBe(true);
  const fromFigures = ((c.with_p50_ms - c.without_p50_ms) / c.without_p50_ms) * 100;
  const slack = (0.1 / c.without_p50_ms) * 100 * (1 + c.with_p50_ms / c.without_p50_ms) + 0.05;
  expect(Math.abs(c.cost_pct - fromFigures)).toBeLessThanOrEqual(slack);
}
