import crypto from 'node:crypto';
import type http from 'node:http';
import { PIN_CAPS } from '@rp/workflow-safe';
import { closeTestDb, newOrg, solidPng, startFixtureServer, waitForRender, type FixtureServer, type TestOrg } from '../index';
import { expectError, expectHealthy, fieldsOf } from './security-kit';

// The pinning fetcher (docs/pinning.md, docs/security.md) through the API: every trick the render path refuses is
// refused at save too and recorded `unresolved` with the render's code, renders of such a version fail at once
// with that code, and the caps (size, count, time) hold: hostile CSS answers a clear error, never a hung save.
jest.setTimeout(120_000);

const APP_JS = 'document.title = "app";';

describe('pinning fetcher', () => {
  let org: TestOrg;
  let server: FixtureServer;
  let blocked: FixtureServer;
  const hits: string[] = [];
  beforeAll(async () => {
    org = await newOrg();
    server = await startFixtureServer((req: http.IncomingMessage, res: http.ServerResponse) => {
      const url = req.url ?? '';
      hits.push(url);
      if (url === '/to-private') return void res.writeHead(302, { location: `${blocked.url}/secret.png` }).end();
      if (url === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (url === '/font-50mb') return void res.writeHead(200, { 'content-type': 'font/woff2', 'content-length': String(50 * 1024 * 1024) }).end();
      if (url === '/imports.css') return void res.writeHead(200, { 'content-type': 'text/css' }).end(Array.from({ length: 1000 }, (_, i) => `@import "i${i}.css";`).join('\n'));
      if (url === '/slow-loris.woff2') {
        res.writeHead(200, { 'content-type': 'font/woff2' });
        const timer = setInterval(() => res.write('x'), 1000);
        return void res.on('close', () => clearInterval(timer));
      }
      if (url === '/ok.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(solidPng(4, 4, [0, 200, 0]));
      if (url === '/app.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(APP_JS);
      if (url === '/imports-internal.mjs') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(`import '${blocked.url}/secret.mjs';`);
      res.writeHead(404).end();
    });
    // 127.0.0.1 is outside the stack's allow-list: the "internal" service the tricks aim at
    blocked = await startFixtureServer((req, res) => void (hits.push(`blocked:${req.url}`), res.end('secret')), '127.0.0.1');
  });
  afterAll(async () => {
    await server?.close();
    await blocked?.close();
    await closeTestDb();
  });

  const save = (html: string) => org.api.post('/v1/templates', { name: 'pin-sec', type: 'image', width: 100, height: 100, composition_html: html, engine: 'chromium' });
  const renderFinal = async (templateId: string) => {
    const res = await org.api.post('/v1/images', { template_id: templateId, modifications: [] }, { prefer: 'wait=60' });
    expect([200, 202]).toContain(res.status);
    return res.status === 200 ? res.body : waitForRender(org.api, 'image', res.body.id);
  };
  const manifestOf = async (templateId: string) => (await org.api.get(`/v1/templates/${templateId}/versions/1`)).body.pinned_resources as any[];

  test('redirect to a private address, decimal IP, ::ffff: mapped, localhost: unresolved ssrf_blocked; file:// is never fetched', async () => {
    const port = blocked.port;
    const tricks = [`${server.url}/to-private`, `http://2130706433:${port}/secret.png`, `http://[::ffff:127.0.0.1]:${port}/secret.png`, `http://localhost:${port}/secret.png`, `${server.url}/to-file`];
    const res = await save(tricks.map((u) => `<img src="${u}">`).join(''));
    expect(res.status).toBe(201);
    const manifest = await manifestOf(res.body.id);
    expect(manifest.map((r) => [r.status, r.error?.code])).toEqual(tricks.map(() => ['unresolved', 'ssrf_blocked']));
    expect(hits.filter((h) => h.startsWith('blocked:'))).toEqual([]);

    // a render of it fails with the recorded code at once, and nothing reaches the internal server (the loads its page
    // still had pending are aborted with it: request-guard-teardown.browser.test.ts)
    const render = await renderFinal(res.body.id);
    expect(render).toMatchObject({ status: 'failed', error: { code: 'ssrf_blocked', message: expect.stringContaining('could not be pinned when this version was saved') } });
    expect(hits.filter((h) => h.startsWith('blocked:'))).toEqual([]);

    const file = await save('<img src="file:///etc/passwd">');
    expect(file.status).toBe(201);
    expect(await manifestOf(file.body.id)).toEqual([]);
    const fileRender = await renderFinal(file.body.id);
    expect(fileRender).toMatchObject({ status: 'failed', error: { code: 'ssrf_blocked' } });
  });

  test('a 50 MB font and a slow-loris server are cut off at their caps and the save still answers', async () => {
    const res = await save(`<style>@font-face { font-family: A; src: url(${server.url}/font-50mb) } @font-face { font-family: B; src: url(${server.url}/slow-loris.woff2) }</style><img src="${server.url}/ok.png">`);
    expect(res.status).toBe(201);
    const manifest = await manifestOf(res.body.id);
    expect(manifest).toEqual([
      expect.objectContaining({ kind: 'font', status: 'unresolved', error: { code: 'asset_too_large', message: `${server.url}/font-50mb: larger than ${PIN_CAPS.MAX_RESOURCE_BYTES} bytes` } }),
      expect.objectContaining({ kind: 'font', status: 'unresolved', error: { code: 'asset_unreachable', message: `${server.url}/slow-loris.woff2: no complete answer within ${PIN_CAPS.FETCH_TIMEOUT_MS} ms` } }),
      expect.objectContaining({ kind: 'image', status: 'pinned' }),
    ]);
  });

  test('a script whose integrity does not match answers 422 pinning_integrity_mismatch naming composition_html; nothing is saved', async () => {
    const wrong = `sha384-${crypto.createHash('sha384').update('tampered').digest('base64')}`;
    const res = await save(`<script src="${server.url}/app.js" integrity="${wrong}" crossorigin="anonymous"></script>`);
    expectError(res, 422, 'pinning_integrity_mismatch');
    expect(fieldsOf(res)).toEqual(['composition_html']);
    expect(res.body.error.message).toContain(`<script src="${server.url}/app.js">: its integrity attribute ("${wrong}") does not match`);
    const list = await org.api.get('/v1/templates?limit=100');
    expect(list.body.filter((t: any) => t.composition_html.includes('/app.js'))).toEqual([]);
  });

  test('a script or a module import aimed at a private address is unresolved ssrf_blocked, and never reaches it', async () => {
    const res = await save(`<script src="${blocked.url}/secret.js"></script><script type="module" src="${server.url}/imports-internal.mjs"></script>`);
    expect(res.status).toBe(201);
    const manifest = await manifestOf(res.body.id);
    expect(manifest.map((r) => [r.url, r.kind, r.status, r.error?.code ?? null])).toEqual([
      [`${blocked.url}/secret.js`, 'script', 'unresolved', 'ssrf_blocked'],
      [`${server.url}/imports-internal.mjs`, 'script', 'pinned', null],
      [`${blocked.url}/secret.mjs`, 'script', 'unresolved', 'ssrf_blocked'],
    ]);
    expect(hits.filter((h) => h.startsWith('blocked:'))).toEqual([]);
  });

  test('1,000 @imports answer 422 pinning_too_many naming composition_html; nothing is saved', async () => {
    const res = await save(`<link rel="stylesheet" href="${server.url}/imports.css">`);
    expectError(res, 422, 'pinning_too_many');
    expect(fieldsOf(res)).toEqual(['composition_html']);
    expect(res.body.error.message).toContain(`more than ${PIN_CAPS.MAX_RESOURCES} resources`);
    const list = await org.api.get('/v1/templates?limit=100');
    expect(list.body.filter((t: any) => t.composition_html.includes('/imports.css'))).toEqual([]);
    await expectHealthy();
  });
});
