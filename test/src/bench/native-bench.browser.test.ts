import { createSsrfGuard } from '@rp/net-guard';
import { createBrowserPool, createChromiumEngine, createNativeEngine, createRequestGuard, type NativeEngine } from '@rp/render-worker/renderer';
import { staticGate } from '@rp/engine-gate';
import { decideParity, measureParity } from '@rp/render-worker';
import { arialCardFixture, chromiumPath } from '../support';

// Smoke test of the native phase's card (no server): `font-family: Arial, Helvetica, sans-serif` passes the static
// gate and the parity check, so `engine: auto` decides it native as the phase expects.
let native: NativeEngine;
let pool: Awaited<ReturnType<typeof createBrowserPool>>;
const ssrfGuard = createSsrfGuard();
const resolveAsset = async () => null;
beforeAll(async () => {
  native = createNativeEngine({ processes: 1 });
  pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 50, ssrfGuard });
});
afterAll(async () => {
  await native.close();
  await pool.close();
});

it('the Arial card is decided native with parity', async () => {
  const card = { composition_html: arialCardFixture.html, width: arialCardFixture.width, height: arialCardFixture.height, placeholders: arialCardFixture.placeholders };
  expect(staticGate({ type: 'image', format: 'png', ...card })).toBeNull();
  const assets = { ssrfGuard, resolveAsset, guard: createRequestGuard({ ssrfGuard, resolveAsset }) };
  const measured = await measureParity({ chromium: createChromiumEngine(pool), native }, { ...card, org_id: 'org-bench' }, { assets, timeoutMs: 30_000 });
  const decision = decideParity(measured.samples.map((s) => s.figures), measured.nativeVersion);
  console.log('Arial card parity', JSON.stringify(decision.parity?.samples));
  expect([decision.engine, decision.reason]).toEqual(['native', 'parity_passed']);
});
