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
  expect(stats.meanMs).toBeGreaterThan(0);
  expect(stats.p95Ms).toBeGreaterThanOrEqual(stats.p50Ms);
  console.log('benchRawRender 1080x1080 card', stats);
});
