import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSsrfGuard, type SsrfGuard } from '@rp/net-guard';
import { decodePng, diffPixels } from '@rp/test-kit';
import { chromiumPath } from '../testing';
import { createBrowserPool, type ManagedBrowserPool } from '../renderer/engines/chromium/pool/browser-pool';
import { composeDocument } from '../renderer/compose-document';
import { createChromiumEngine } from '../renderer/engines/chromium/capture/chromium-engine';
import type { EngineAssets, EngineRenderInput } from '../renderer/engines/image-engine';
import { createPinnedResolver, noPinned, type PinnedResolver } from '../renderer/pinned-resolver';
import { createRequestGuard } from '../renderer/request-guard';
import type { RenderFailure } from '../renderer/types';
import { pinResources, type PinDeps } from './pin-resources';

// A template that loads its scripts from a "CDN" on 127.0.0.2 (a classic script with an integrity hash, and a module
// whose imports go through a relative URL and an import map) is pinned, rendered online, then the CDN is stopped and
// the version renders in Chromium from the pinned bytes alone: the scripts' effects are in the decoded pixels, the
// image equals the online one, and no request is checked for the network.
const ORG = '5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716';
const PAINT = "document.getElementById('c').style.background = 'rgb(255, 0, 0)';";
const SOURCES: Record<string, string> = {
  '/paint.js': PAINT,
  '/app.mjs': "import { colour } from './colour.mjs';\nimport { width } from 'sizes';\nconst m = document.getElementById('m');\nm.style.background = colour;\nm.style.width = width;",
  '/colour.mjs': "export const colour = 'rgb(0, 0, 255)';",
  '/lib/sizes.mjs': "export const width = '40px';",
};
let cdn: http.Server;
let base: string;
const cdnHits: string[] = [];

const stored = new Map<string, Buffer>();
const allow = createSsrfGuard({ allowCidrs: '127.0.0.2/32' });
const deps: PinDeps = {
  ssrfGuard: allow,
  store: {
    put: async (key: string, body: unknown) => void stored.set(key, body as Buffer),
    stat: async (key: string) => (stored.has(key) ? { size: stored.get(key)!.length, contentType: 'x' } : null),
  } as PinDeps['store'],
};

let networkChecks: string[] = [];
const publicOnly = createSsrfGuard();
/** Public addresses only (127.0.0.2 is refused), and every check is recorded. */
const countingGuard: SsrfGuard = { check: (url) => (networkChecks.push(url), publicOnly.check(url)), isAllowedAddress: (a) => publicOnly.isAllowedAddress(a) };
const resolveAsset = async () => null;

const template = () => `
  <style>div { position: absolute; top: 0; height: 40px; background: rgb(255, 255, 255); }</style>
  <script type="importmap">{"imports": {"sizes": "${base}/lib/sizes.mjs"}}</script>
  <div id="c" style="left: 0; width: 40px"></div><div id="m" style="left: 50px; width: 10px"></div>
  <script src="${base}/paint.js" integrity="sha384-${crypto.createHash('sha384').update(PAINT).digest('base64')}" crossorigin="anonymous"></script>
  <script type="module" src="${base}/app.mjs"></script>`;

const input = (ssrfGuard: SsrfGuard, pinned: PinnedResolver): EngineRenderInput => {
  const assets: EngineAssets = { ssrfGuard, resolveAsset, pinned, guard: createRequestGuard({ ssrfGuard, resolveAsset, pinned }) };
  return { document: composeDocument({ html: template(), width: 120, height: 60, placeholders: [], modifications: [] }), width: 120, height: 60, format: 'png', orgId: ORG, timeoutMs: 15_000, assets };
};

let pool: ManagedBrowserPool;
beforeAll(async () => {
  cdn = http.createServer((req, res) => {
    cdnHits.push(req.url ?? '');
    const body = SOURCES[req.url ?? ''];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' }).end(body);
  });
  await new Promise<void>((r) => cdn.listen(0, '127.0.0.2', r));
  base = `http://127.0.0.2:${(cdn.address() as AddressInfo).port}`;
  // the pool's egress proxy admits the CDN for the online render; the offline one is refused by its request guard
  pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 50, ssrfGuard: allow });
});
afterAll(async () => {
  await pool?.close();
  if (cdn.listening) await new Promise<void>((r) => (cdn.closeAllConnections(), cdn.close(() => r())));
});

describe('a template whose scripts come from a CDN', () => {
  it('renders offline after save from the pinned scripts, equal to its online render', async () => {
    const { resources } = await pinResources(deps, { orgId: ORG, html: template() });
    expect(resources.map((r) => [r.url.replace(base, ''), r.kind, r.status, r.content_type])).toEqual([
      ['/paint.js', 'script', 'pinned', 'text/javascript'], ['/app.mjs', 'script', 'pinned', 'text/javascript'],
      ['/colour.mjs', 'script', 'pinned', 'text/javascript'], ['/lib/sizes.mjs', 'script', 'pinned', 'text/javascript'],
    ]);
    const engine = createChromiumEngine(pool);
    const online = decodePng((await engine.render(input(allow, noPinned))).image);
    expect(cdnHits.filter((u) => u !== '/paint.js' && u !== '/app.mjs' && u !== '/colour.mjs' && u !== '/lib/sizes.mjs')).toEqual([]);

    await new Promise<void>((r) => (cdn.closeAllConnections(), cdn.close(() => r())));
    const hitsAtSave = cdnHits.length;
    networkChecks = [];
    const pinned = createPinnedResolver(resources, async (key) => stored.get(key)!);
    const offline = decodePng((await engine.render(input(countingGuard, pinned))).image);
    expect(networkChecks).toEqual([]);
    expect(cdnHits.length).toBe(hitsAtSave);
    // the classic script painted #c red; the module painted #m blue and widened it to 40px through its two imports
    expect(offline.pixel(20, 20).slice(0, 3)).toEqual([255, 0, 0]);
    expect(offline.pixel(55, 20).slice(0, 3)).toEqual([0, 0, 255]);
    expect(offline.pixel(80, 20).slice(0, 3)).toEqual([0, 0, 255]);
    expect(diffPixels(offline, online, 0)).toBe(0);

    // without the pinned bytes the same offline render cannot load its scripts and fails
    const unpinned = await engine.render(input(countingGuard, noPinned)).then(() => null, (e: RenderFailure) => e.code);
    expect(unpinned).toBe('ssrf_blocked');
  }, 60_000);
});
