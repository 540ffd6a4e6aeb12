import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSsrfGuard } from '@rp/net-guard';
import { staticGate } from '@rp/engine-gate';
import { PIN_CAPS, PIN_USER_AGENT, pinnedAssetKey, type PinnedResource } from '@rp/workflow-safe';
import { pinResources, TooManyResourcesError, type PinDeps } from './pin-resources';

// The pinning fetcher against a real server on 127.0.0.2 (the one loopback address the guard below admits, as the
// test stack's); 127.0.0.1 and every other private address stay blocked, so SSRF tricks can aim at them.
const ORG = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const WOFF2 = Buffer.from('wOF2-fake-inter-latin');
const big = 50 * 1024 * 1024;
let server: http.Server;
let base: string;
const agents: string[] = [];
const fontsInFlight = { now: 0, max: 0 };

function handler(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = req.url ?? '';
  if (url.startsWith('/css2')) {
    agents.push(String(req.headers['user-agent']));
    // a fonts CSS API answers by user agent: WOFF2 only to a current browser
    const chrome = /Chrome\/\d+/.test(String(req.headers['user-agent']));
    res.writeHead(200, { 'content-type': 'text/css; charset=utf-8' });
    return void res.end(`@font-face { font-family: Inter; src: url(${base}/s/inter.${chrome ? 'woff2' : 'ttf'}) format("${chrome ? 'woff2' : 'truetype'}"); }`);
  }
  if (url === '/s/inter.woff2' || url === '/s/copy.woff2') return void res.writeHead(200, { 'content-type': 'font/woff2' }).end(WOFF2);
  if (url === '/fw.css') return void res.writeHead(200, { 'content-type': 'text/css' }).end('@import "parts/grid.css"; .logo { background: url(../img/logo.png) }');
  if (url === '/parts/grid.css') return void res.writeHead(200, { 'content-type': 'text/css' }).end('@font-face { font-family: C; src: url(/s/copy.woff2) } .g { display: flex }');
  if (url === '/theme.css') return void res.writeHead(200, { 'content-type': 'text/css' }).end('.card { float: left } .unused { writing-mode: vertical-rl } .btn:hover { outline: 1px solid }');
  if (url === '/many-fonts.css') {
    return void res.writeHead(200, { 'content-type': 'text/css' }).end(Array.from({ length: 12 }, (_, i) => `@font-face { font-family: F${i}; src: url(/f/${i}.woff2) }`).join('\n'));
  }
  if (url.startsWith('/f/')) {
    // held a moment, so fetches that run together are seen together
    fontsInFlight.now++;
    fontsInFlight.max = Math.max(fontsInFlight.max, fontsInFlight.now);
    return void setTimeout(() => (fontsInFlight.now--, res.writeHead(200, { 'content-type': 'font/woff2' }).end(WOFF2)), 200);
  }
  if (url === '/img/logo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('PNG'));
  if (url === '/to-private') return void res.writeHead(302, { location: `http://127.0.0.1:${(server.address() as AddressInfo).port}/img/logo.png` }).end();
  if (url === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
  if (url === '/font-50mb-declared') return void res.writeHead(200, { 'content-length': String(big) }).end();
  if (url === '/font-50mb-chunked') {
    res.writeHead(200, { 'content-type': 'font/woff2' });
    const chunk = Buffer.alloc(1024 * 1024);
    const send = (left: number): void => void (left > 0 && !res.destroyed ? res.write(chunk, () => send(left - 1)) : res.end());
    return send(50);
  }
  if (url === '/imports-1000.css') return void res.writeHead(200).end(Array.from({ length: 1000 }, (_, i) => `@import url(/i/${i}.css);`).join('\n'));
  if (url === '/loop-a.css') return void res.writeHead(200).end('@import "loop-b.css";');
  if (url === '/loop-b.css') return void res.writeHead(200).end('@import "loop-a.css";');
  if (url === '/slow-loris') {
    // one byte a second, never finishing within the fetch timeout
    res.writeHead(200, { 'content-type': 'font/woff2' });
    const timer = setInterval(() => res.write('x'), 1000);
    return void res.on('close', () => clearInterval(timer));
  }
  res.writeHead(404).end();
}

const stored = new Map<string, Buffer>();
let puts = 0;
const deps: PinDeps = {
  ssrfGuard: createSsrfGuard({ allowCidrs: '127.0.0.2/32' }),
  store: {
    put: async (key: string, body: unknown) => void (puts++, stored.set(key, body as Buffer)),
    stat: async (key: string) => (stored.has(key) ? { size: stored.get(key)!.length, contentType: 'x' } : null),
  } as PinDeps['store'],
};
const pin = (html: string) => pinResources(deps, { orgId: ORG, html });
const byUrl = (resources: PinnedResource[]) => new Map(resources.map((r) => [r.url.replace(base, ''), r]));

beforeAll(async () => {
  server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.2', r));
  base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

describe('pinResources', () => {
  it('pins a fonts CSS (as WOFF2, asked with a browser user agent) and a framework with nested imports, each once by sha256', async () => {
    const html = `<link rel="stylesheet" href="${base}/css2?family=Inter"><link rel="stylesheet" href="${base}/fw.css"><img src="${base}/img/logo.png">`;
    const { resources } = await pin(html);
    expect(agents.at(-1)).toBe(PIN_USER_AGENT);
    const got = byUrl(resources);
    // document order, depth first: each stylesheet is followed by what it loads (logo.png is the template's own, found first)
    expect([...got.keys()]).toEqual(['/css2?family=Inter', '/s/inter.woff2', '/fw.css', '/parts/grid.css', '/s/copy.woff2', '/img/logo.png']);
    expect(resources.every((r) => r.status === 'pinned' && r.error === null)).toBe(true);
    const sha = crypto.createHash('sha256').update(WOFF2).digest('hex');
    expect(got.get('/s/inter.woff2')).toMatchObject({ kind: 'font', sha256: sha, bytes: WOFF2.length, content_type: 'font/woff2', asset_key: pinnedAssetKey(ORG, sha) });
    // two URLs with the same bytes share one stored object
    expect(got.get('/s/copy.woff2')!.asset_key).toBe(got.get('/s/inter.woff2')!.asset_key);
    expect(stored.get(pinnedAssetKey(ORG, sha))).toEqual(WOFF2);
    const before = puts;
    await pin(html);
    expect(puts).toBe(before);
  });

  it('records what cannot be fetched as unresolved with the code a render answers, and follows no trick to a private address', async () => {
    const port = (server.address() as AddressInfo).port;
    const urls = [
      `${base}/missing.png`, `${base}/to-private`, `${base}/to-file`, `http://2130706433:${port}/img/logo.png`,
      `http://[::ffff:127.0.0.1]:${port}/img/logo.png`, `http://localhost:${port}/img/logo.png`,
    ];
    const { resources } = await pin(urls.map((u) => `<img src="${u}">`).join('') + '<img src="file:///etc/passwd">');
    expect(resources.map((r) => [r.status, r.error?.code])).toEqual([
      ['unresolved', 'asset_unreachable'], ...Array.from({ length: 5 }, () => ['unresolved', 'ssrf_blocked']),
    ]);
    expect(resources[0]!.error!.message).toBe(`${base}/missing.png: answered 404`);
    expect(resources[2]!.error!.message).toMatch(/file:\/\/\/etc\/passwd blocked: scheme not allowed/);
    // the decimal form is recorded as the URL a browser requests (WHATWG serialisation)
    expect(resources[3]!.url).toBe(`http://127.0.0.1:${port}/img/logo.png`);
    // file: is not a remote resource: never in the manifest, and refused by the render's own guard
    expect(resources.some((r) => r.url.startsWith('file:'))).toBe(false);
  });

  it('refuses a 50 MB font whether declared or streamed, without storing it', async () => {
    const { resources } = await pin(`<style>@font-face { font-family: A; src: url(${base}/font-50mb-declared) } @font-face { font-family: B; src: url(${base}/font-50mb-chunked) }</style>`);
    expect(resources.map((r) => [r.kind, r.status, r.error?.code])).toEqual([
      ['font', 'unresolved', 'asset_too_large'], ['font', 'unresolved', 'asset_too_large'],
    ]);
    expect(resources[1]!.error!.message).toContain(`larger than ${PIN_CAPS.MAX_RESOURCE_BYTES} bytes`);
  });

  it('stops at the resource count cap with a clear error (a stylesheet of 1,000 @imports)', async () => {
    await expect(pin(`<link rel="stylesheet" href="${base}/imports-1000.css">`)).rejects.toThrow(TooManyResourcesError);
    await expect(pin(`<link rel="stylesheet" href="${base}/imports-1000.css">`)).rejects.toThrow(`more than ${PIN_CAPS.MAX_RESOURCES} resources`);
  });

  it('ends an @import loop: each sheet is pinned once', async () => {
    const { resources } = await pin(`<style>@import url(${base}/loop-a.css);</style>`);
    expect(resources.map((r) => [r.url.replace(base, ''), r.status])).toEqual([['/loop-a.css', 'pinned'], ['/loop-b.css', 'pinned']]);
  });

  it('cuts a slow-loris server off at the fetch timeout and records it unresolved', async () => {
    const { resources } = await pin(`<style>@font-face { font-family: S; src: url(${base}/slow-loris) }</style>`);
    expect(resources).toEqual([expect.objectContaining({ status: 'unresolved', error: { code: 'asset_unreachable', message: `${base}/slow-loris: no complete answer within ${PIN_CAPS.FETCH_TIMEOUT_MS} ms` } })]);
  }, 20_000);

  it('does not wait on a name lookup that never answers: the fetch timeout ends it too', async () => {
    const hanging: PinDeps = { ...deps, ssrfGuard: { check: () => new Promise(() => undefined), isAllowedAddress: () => false } };
    const { resources } = await pinResources(hanging, { orgId: ORG, html: '<img src="https://dns-never-answers.test/a.png">' });
    expect(resources).toEqual([expect.objectContaining({ status: 'unresolved', error: { code: 'asset_unreachable', message: `https://dns-never-answers.test/a.png: no complete answer within ${PIN_CAPS.FETCH_TIMEOUT_MS} ms` } })]);
  }, 20_000);

  it('records the gate\'s verdict of each stylesheet it pins: only rules that match an element of the template count', async () => {
    const gate = async (body: string) => {
      const html = `<link rel="stylesheet" href="${base}/theme.css">${body}`;
      const { resources } = await pin(html);
      return { verdict: resources[0]!.gate, reason: staticGate({ type: 'image', format: 'png', composition_html: html, placeholders: [], pinned_resources: resources }) };
    };
    // float on an element the template has: the native engine does not draw it, so Chromium, with the reason
    expect(await gate('<div class="card">x</div>')).toEqual({
      verdict: { findings: [{ reason: 'unsupported_css:float', selector: '.card' }], rules: 3, unmatched_rules: 2 },
      reason: 'unsupported_css:float',
    });
    // the same stylesheet for a template without .card or .unused (and nobody hovers a render): nothing refuses
    expect(await gate('<div class="other"><a class="btn">x</a></div>')).toEqual({ verdict: { findings: [], rules: 3, unmatched_rules: 3 }, reason: null });
  });

  it('fetches what a stylesheet loads CONCURRENCY at a time too, not one by one in the lane that fetched the sheet', async () => {
    const { resources } = await pin(`<link rel="stylesheet" href="${base}/many-fonts.css">`);
    expect(resources.map((r) => [r.kind, r.status])).toEqual([['stylesheet', 'pinned'], ...Array.from({ length: 12 }, () => ['font', 'pinned'])]);
    expect(fontsInFlight.max).toBe(PIN_CAPS.CONCURRENCY);
  });
});
