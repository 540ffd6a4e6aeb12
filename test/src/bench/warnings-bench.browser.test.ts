import { createBrowserPool, type ManagedBrowserPool } from '@rp/render-worker/renderer';
import { chromiumPath, cardFixture } from '../support';
import { benchWarningsCost } from './warnings-bench';
import { expectConsistentCost } from './expect-consistent-cost';

// Smoke test of the warnings-cost phase: no server, one small pool, no timing assertion (the bench reports the figure).
let pool: ManagedBrowserPool;
beforeAll(async () => {
  pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 50 });
});
afterAll(async () => {
  await pool?.close();
});

it('measures captureImage with and without the warnings read', async () => {
  const cost = await benchWarningsCost(pool, cardFixture, 3, 30_000);
  expect(cost.n).toBe(3);
  expectConsistentCost(cost);
  console.log('warnings cost on the card', cost);
});
