import { createNativeEngine, type NativeEngine } from '@rp/render-worker/renderer';
import { cardFixture } from '../support';
import { benchNativeWarningsCost } from './preflight-bench';

// Smoke test of the preflight phase's native warnings cost: no server, one engine process, no timing assertion.
let engine: NativeEngine;
beforeAll(() => {
  engine = createNativeEngine({ processes: 1 });
});
afterAll(() => engine.close());

it('measures the native render with and without its warnings', async () => {
  const cost = await benchNativeWarningsCost(engine, cardFixture, 3, 30_000);
  expect(cost.n).toBe(3);
  expect(cost.without_p50_ms).toBeGreaterThan(0);
  expect(cost.with_p50_ms).toBeGreaterThan(0);
  console.log('native warnings cost on the card', cost);
});
