import { createNativeEngine, type NativeEngine } from '@rp/render-worker/renderer';
import { cardFixture } from '../support';
import { benchNativeWarningsCost } from './preflight-bench';
import { expectConsistentCost } from './expect-consistent-cost';

// Smoke test of the preflight phase's native warnings cost: no server, one engine process, no timing assertion.
let engine: NativeEngine;
beforeAll(() => {
  engine = createNativeEngine({ processes: 1 });
});
afterAll(() => engine.close());

it('measures the native render with and without its warnings', async () => {
  const cost = await benchNativeWarningsCost(engine, cardFixture, 3, 30_000);
  expect(cost.n).toBe(3);
  expectConsistentCost(cost);
  expectConsistentCost({ without_p50_ms: cost.without_cpu_ms, with_p50_ms: cost.with_cpu_ms, cost_pct: cost.cpu_cost_pct });
  console.log('native warnings cost on the card', cost);
});
