import { createBrowserPool, type ManagedBrowserPool } from '@rp/render-worker/renderer';
import { chromiumPath, cardFixture } from '../support';
import { benchRawRender } from './bench-raw-render';

// Smoke test of the bench baseline: no server, one small pool.
let pool: ManagedBrowserPool;
beforeAll(async () => {
  pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 50 });
});
afterAll(async () => {
  await pool?.close();
});

it('measures warm raw renders of the card fixture', async () => {
  const stats = await benchRawRender(pool, cardFixture.document, 10);
  expect(stats.n).toBe(10);
  // one measurement's figures, consistent with each other: 0 < capture <= mean; p50 <= p95; the sequential rate
  // cannot beat one render per mean render time (it also waits for the page reset between renders)
  for (const v of Object.values(stats)) expect(Number.isFinite(v) && v > 0).toBe(true);
  expect(stats.p50Ms).toBeLessThanOrEqual(stats.p95Ms);
  expect(stats.captureMeanMs).toBeLessThanOrEqual(stats.meanMs);
  expect(stats.rendersPerSec).toBeLessThanOrEqual(Math.ceil(1000 / stats.meanMs));
  console.log('benchRawRender 1080x1080 card', stats);
});
