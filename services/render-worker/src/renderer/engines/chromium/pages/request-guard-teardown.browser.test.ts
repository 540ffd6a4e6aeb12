import { createSsrfGuard, SsrfBlockedError, type SsrfGuard } from '@rp/net-guard';
import { solidPng, startServer, waitFor, type TestServer } from '@rp/test-kit';
import { pinnableUrl } from '@rp/workflow-safe';
import { chromiumPath } from '../../../../testing';
import { createBrowserPool, type ManagedBrowserPool } from '../pool/browser-pool';
import { captureImage } from '../capture/capture-image';
import { composeDocument } from '../../../compose-document';
import type { PinnedResolver } from '../../../pinned-resolver';
import { createRequestGuard, type RequestGuardOptions } from '../../../request-guard';
import { RenderFailure } from '../../../types';

// A render fails while another of its loads still waits on the guard's decision (a pinned resource being read
// from storage, an address being checked): that load is aborted with the render, never continued to the network
// when the guard turns interception off. The server on 127.0.0.2 (admitted by the pool's egress proxy, so a load
// that escaped would reach it) records every request.
const BLUE = solidPng(8, 8, [0, 0, 255]);
const poolGuard = createSsrfGuard({ allowCidrs: '127.0.0.2/32' });
let pool: ManagedBrowserPool;
let server: TestServer;

beforeAll(async () => {
  server = await startServer('127.0.0.2', { '/slow.png': [200, 'image/png', BLUE], '/marker.png': [200, 'image/png', BLUE] });
  pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 50, ssrfGuard: poolGuard });
});
afterAll(async () => {
  await pool?.close();
  await server?.close();
});

/** A latch: `reached` when the slow load is waiting in the guard, `release` lets its decision finish. */
function hold() {
  let reach!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((r) => (reach = r));
  const released = new Promise<void>((r) => (release = r));
  return { reach, reached, release, released };
}

const render = (html: string, guard: RequestGuardOptions) =>
  captureImage(pool, {
    document: composeDocument({ html, width: 40, height: 40, placeholders: [], modifications: [] }),
    width: 40, height: 40, format: 'png', timeoutMs: 10_000, orgId: 'org-guard', guard: createRequestGuard(guard),
  });

/** Fails the render with `failing` once the slow load waits, then shows nothing of the slow load reached the server. */
async function expectNoEscape(guard: RequestGuardOptions, h: ReturnType<typeof hold>, failing: string, code: string) {
  await expect(render(`<img src="${server.url}/slow.png"><img src="${failing}">`, guard)).rejects.toMatchObject({ name: 'RenderFailure', code });
  // the next render on the same (only) page loads a marker from the server: by then a load that escaped the failed
  // render had been sent before it
  await render(`<img src="${server.url}/marker.png">`, { ssrfGuard: poolGuard, resolveAsset: async () => null });
  await waitFor(async () => server.hits.includes('/marker.png'), { timeoutMs: 5_000, what: 'the marker request' });
  h.release();
  expect(server.hits.filter((u) => u !== '/marker.png')).toEqual([]);
}

beforeEach(() => (server.hits.length = 0));

describe('a failed render drops its pending loads', () => {
  it('a pinned resource still being read when the render fails is not fetched from the network', async () => {
    const h = hold();
    const slow = pinnableUrl(`${server.url}/slow.png`)!;
    const gone = pinnableUrl(`${server.url}/gone.png`)!;
    const entry = (url: string) => ({ url, kind: 'image', status: 'pinned', asset_key: 'k', sha256: 's', bytes: 1, content_type: 'image/png', error: null, gate: null }) as const;
    const pinned: PinnedResolver = {
      match: (url) => (pinnableUrl(url) === slow || pinnableUrl(url) === gone ? entry(pinnableUrl(url)!) : null),
      answer: async (e) => {
        if (e.url === slow) {
          h.reach();
          await h.released;
          return { ok: true, body: BLUE, contentType: 'image/png' };
        }
        await h.reached;
        return { ok: false, failure: new RenderFailure('asset_unreachable', `${gone} could not be pinned`) };
      },
    };
    // required (a modification's image): its failure fails the render at once, as a shown image of the template's would later
    await expectNoEscape({ ssrfGuard: poolGuard, resolveAsset: async () => null, pinned, required: new Set([gone]) }, h, gone, 'asset_unreachable');
  });

  it('a load whose address is still being checked when the render fails is not continued', async () => {
    const h = hold();
    const checking: SsrfGuard = {
      isAllowedAddress: (a) => poolGuard.isAllowedAddress(a),
      check: async (url) => {
        if (url.endsWith('/slow.png')) {
          h.reach();
          await h.released;
          return poolGuard.check(url);
        }
        await h.reached;
        throw new SsrfBlockedError(url, 'address not allowed');
      },
    };
    await expectNoEscape({ ssrfGuard: checking, resolveAsset: async () => null }, h, `${server.url}/blocked.png`, 'ssrf_blocked');
  });
});
