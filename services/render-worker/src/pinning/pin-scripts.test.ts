import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSsrfGuard } from '@rp/net-guard';
import { PIN_CAPS, type PinnedResource } from '@rp/workflow-safe';
import { IntegrityMismatchError } from './check-integrity';
import { pinResources, TooManyResourcesError, type PinDeps } from './pin-resources';
import { parseImportMaps, resolveSpecifier } from './resolve-specifier';

// Script pinning against a real "CDN" on 127.0.0.2 (the one loopback address the guard admits); 127.0.0.1 stays
// blocked, so a script or an import aimed at it stands for an internal service.
const ORG = '3c2b1a09-8f7e-4d6c-9b5a-493827161504';
let server: http.Server;
let base: string;
const served: string[] = [];
const JS: Record<string, string> = {
  '/classic.js': 'document.title = "classic";',
  '/app.mjs': "import { paint } from './paint.mjs';\nexport * from '/lib/util.mjs';\nimport 'side.mjs';\nconst lazy = () => import('./lazy.mjs');\nimport data from './data.json' with { type: 'json' };\npaint(data, lazy);",
  '/paint.mjs': "// import './commented.mjs'\nconst s = \"import './in-string.mjs'\";\nexport const paint = () => s;",
  '/lib/util.mjs': "import '../paint.mjs';\nexport const util = 1;",
  '/lib/side.mjs': 'export {};',
  '/data.json': '{"import": "./not-followed.mjs"}',
  '/loop-a.mjs': "import './loop-b.mjs';",
  '/loop-b.mjs': "import './loop-a.mjs';",
  '/fan-out.mjs': Array.from({ length: PIN_CAPS.MAX_RESOURCES + 5 }, (_, i) => `import './m/${i}.mjs';`).join('\n'),
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url ?? '';
    served.push(url);
    if (url === '/to-internal.js') return void res.writeHead(302, { location: 'http://127.0.0.1:9/secret.js' }).end();
    if (url === '/internal-import.mjs') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end("import 'http://127.0.0.1:9/secret.mjs';");
    if (url === '/huge.js') return void res.writeHead(200, { 'content-type': 'text/javascript', 'content-length': String(50 * 1024 * 1024) }).end();
    if (url.startsWith('/m/')) return void res.writeHead(200, { 'content-type': 'text/javascript' }).end('export {};');
    const body = JS[url];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': url.endsWith('.json') ? 'application/json' : 'text/javascript; charset=utf-8' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.2', r));
  base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));
beforeEach(() => void (served.length = 0));

const stored = new Map<string, Buffer>();
const deps: PinDeps = {
  ssrfGuard: createSsrfGuard({ allowCidrs: '127.0.0.2/32' }),
  store: {
    put: async (key: string, body: unknown) => void stored.set(key, body as Buffer),
    stat: async (key: string) => (stored.has(key) ? { size: stored.get(key)!.length, contentType: 'x' } : null),
  } as PinDeps['store'],
};
const pin = (html: string) => pinResources(deps, { orgId: ORG, html });
const rows = (resources: PinnedResource[]) => resources.map((r) => [r.url.replace(base, ''), r.kind, r.status, r.error?.code ?? null]);
const sri = (alg: 'sha256' | 'sha384' | 'sha512', body: string) => `${alg}-${crypto.createHash(alg).update(body).digest('base64')}`;

describe('pinning scripts', () => {
  it('pins a classic <script src> with its content type; nomodule, data blocks and placeholder URLs are not loaded, so not pinned', async () => {
    const { resources } = await pin(
      `<script src="${base}/classic.js"></script><script nomodule src="${base}/legacy.js"></script>` +
        `<script type="text/template" src="${base}/tpl.html"></script><script src="${base}/{{name}}.js"></script>`,
    );
    expect(rows(resources)).toEqual([['/classic.js', 'script', 'pinned', null]]);
    expect(resources[0]).toMatchObject({ content_type: 'text/javascript; charset=utf-8', bytes: JS['/classic.js']!.length });
  });

  it('follows a module\'s static imports (import, export from, side-effect, an import map\'s bare name) but not import()', async () => {
    const map = `<script type="importmap">{"imports": {"side.mjs": "${base}/lib/side.mjs"}}</script>`;
    const { resources } = await pin(`${map}<script type="module" src="${base}/app.mjs"></script>`);
    // depth first in source order; paint.mjs is imported twice and pinned once; the JSON module is pinned, not read
    expect(rows(resources)).toEqual([
      ['/app.mjs', 'script', 'pinned', null], ['/paint.mjs', 'script', 'pinned', null], ['/lib/util.mjs', 'script', 'pinned', null],
      ['/lib/side.mjs', 'script', 'pinned', null], ['/data.json', 'script', 'pinned', null],
    ]);
    expect(served.filter((u) => /lazy|commented|in-string|not-followed/.test(u))).toEqual([]);
  });

  it('follows the imports of an inline module, and ends an import cycle with each module pinned once', async () => {
    const { resources } = await pin(`<script type="module">import '${base}/loop-a.mjs';</script>`);
    expect(rows(resources)).toEqual([['/loop-a.mjs', 'script', 'pinned', null], ['/loop-b.mjs', 'script', 'pinned', null]]);
  });

  it('pins a script whose integrity matches (any hash of the strongest algorithm listed)', async () => {
    const body = JS['/classic.js']!;
    const integrity = `sha256-wrongwrongwrong= ${sri('sha384', 'other')} ${sri('sha384', body)}`;
    const { resources } = await pin(`<script src="${base}/classic.js" integrity="${integrity}" crossorigin="anonymous"></script>`);
    expect(rows(resources)).toEqual([['/classic.js', 'script', 'pinned', null]]);
  });

  it('refuses the save when a script\'s integrity does not match its bytes, naming the URL and the attribute', async () => {
    const body = JS['/classic.js']!;
    const save = (integrity: string) => pin(`<script src="${base}/classic.js" integrity="${integrity}"></script>`);
    const err = await save(sri('sha384', 'tampered')).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(IntegrityMismatchError);
    expect((err as Error).message).toContain(`<script src="${base}/classic.js">: its integrity attribute ("${sri('sha384', 'tampered')}") does not match`);
    expect((err as Error).message).toContain(sri('sha384', body));
    // a browser compares only the strongest algorithm listed: a matching sha256 beside a wrong sha512 is a mismatch
    await expect(save(`${sri('sha256', body)} ${sri('sha512', 'tampered')}`)).rejects.toThrow(IntegrityMismatchError);
  });

  it('refuses a script, a redirect or an import to a blocked address as the stylesheet pinner does', async () => {
    const { resources } = await pin(
      `<script src="http://127.0.0.1:9/secret.js"></script><script src="${base}/to-internal.js"></script><script type="module" src="${base}/internal-import.mjs"></script>`,
    );
    expect(rows(resources)).toEqual([
      ['http://127.0.0.1:9/secret.js', 'script', 'unresolved', 'ssrf_blocked'], ['/to-internal.js', 'script', 'unresolved', 'ssrf_blocked'],
      ['/internal-import.mjs', 'script', 'pinned', null], ['http://127.0.0.1:9/secret.mjs', 'script', 'unresolved', 'ssrf_blocked'],
    ]);
  });

  it('holds a module graph to the caps: too large a script is unresolved, too many modules refuse the save', async () => {
    const { resources } = await pin(`<script src="${base}/huge.js"></script>`);
    expect(rows(resources)).toEqual([['/huge.js', 'script', 'unresolved', 'asset_too_large']]);
    await expect(pin(`<script type="module" src="${base}/fan-out.mjs"></script>`)).rejects.toThrow(TooManyResourcesError);
  });
});

describe('resolveSpecifier', () => {
  const map = parseImportMaps([
    '{"imports": {"lit": "https://cdn.test/lit@3/index.js", "lit/": "https://cdn.test/lit@3/", "./rel.js": "https://cdn.test/x.js"}}',
    '{"imports": {"lit": "https://elsewhere.test/lit.js"}}',
    'not json',
  ]);
  it('resolves as a browser does: the map first (exact, then the longest prefix), else a URL against the module', () => {
    expect(resolveSpecifier('lit', undefined, map)).toBe('https://cdn.test/lit@3/index.js');
    expect(resolveSpecifier('lit/decorators.js', undefined, map)).toBe('https://cdn.test/lit@3/decorators.js');
    expect(resolveSpecifier('./a/b.js', 'https://cdn.test/pkg/main.js', map)).toBe('https://cdn.test/pkg/a/b.js');
    expect(resolveSpecifier('/root.js', 'https://cdn.test/pkg/main.js', map)).toBe('https://cdn.test/root.js');
    // a bare name the map does not give, and a relative one without a base, name nothing
    expect(resolveSpecifier('react', undefined, map)).toBeNull();
    expect(resolveSpecifier('./rel.js', undefined, map)).toBeNull();
  });
});
