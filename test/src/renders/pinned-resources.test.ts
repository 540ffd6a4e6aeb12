import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import { PIN_USER_AGENT } from '@rp/workflow-safe';
import { closeTestDb, decodePng, fetchBytes, newOrg, solidPng, startFixtureServer, waitForRender, type FixtureServer, type TestOrg } from '../index';

// Pinned resources (docs/pinning.md) through the stack: a Google-Fonts-like CSS API with WOFF2 files and a CSS
// framework served from 127.0.0.2 are pinned when the version is saved; renders then take the stored bytes, so with
// the server stopped they still succeed, byte-identical, on both engines, and no request reaches the server.
jest.setTimeout(180_000);

const FIXTURES = path.join(__dirname, '../../fixtures');
const WOFF2 = fs.readFileSync(path.join(FIXTURES, 'fonts/LiberationMono-Regular.woff2'));
const FRAMEWORK = fs.readFileSync(path.join(FIXTURES, 'pinning/mini-framework.css'));
const GRID = fs.readFileSync(path.join(FIXTURES, 'pinning/grid.css'));
const STRIPE = solidPng(8, 8, [30, 64, 175]);
const PHOTO = solidPng(40, 40, [0, 160, 0]);
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** What a fonts CSS API answers: WOFF2 @font-face rules to a current browser's user agent, TTF to anything else. */
function fontsCss(base: string, ua: string): string {
  const woff2 = /Chrome\/\d+/.test(ua);
  return `/* latin */\n@font-face { font-family: 'Pinned Mono'; font-style: normal; font-weight: 400; src: url(${base}/s/pinnedmono/v1/mono.${woff2 ? 'woff2' : 'ttf'}) format('${woff2 ? 'woff2' : 'truetype'}'); }\n`;
}

describe('pinned resources', () => {
  let org: TestOrg;
  let server: FixtureServer | null = null;
  const requests: Array<{ url: string; ua: string }> = [];
  let photoColour: [number, number, number] = [0, 160, 0];
  let themeHangs = false;
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '';
    requests.push({ url, ua: String(req.headers['user-agent']) });
    const send = (type: string, body: string | Buffer) => res.writeHead(200, { 'content-type': type }).end(body);
    if (url.startsWith('/css2?')) return send('text/css; charset=utf-8', fontsCss(server!.url, String(req.headers['user-agent'])));
    if (url === '/s/pinnedmono/v1/mono.woff2') return send('font/woff2', WOFF2);
    if (url === '/npm/mini-framework@1/mini-framework.css') return send('text/css', FRAMEWORK);
    if (url === '/npm/mini-framework@1/grid.css') return send('text/css', GRID);
    if (url === '/npm/mini-framework@1/img/stripe.png') return send('image/png', STRIPE);
    if (url === '/photo.png') return send('image/png', PHOTO);
    if (url === '/gate.css') return send('text/css', '.card { float: left } .unused { writing-mode: vertical-rl } .card:hover { outline: 2px solid }');
    if (url === '/changing.png') return send('image/png', solidPng(10, 10, photoColour));
    if (url === '/theme.css') {
      if (!themeHangs) return send('text/css', '.x { color: #000 }');
      // headers and then nothing: the fetcher's per-resource timeout ends it
      res.writeHead(200, { 'content-type': 'text/css' });
      return void res.write('.x {');
    }
    res.writeHead(404).end();
  };

  beforeAll(async () => {
    org = await newOrg();
    server = await startFixtureServer(handler);
  });
  afterAll(async () => {
    await server?.close();
    await closeTestDb();
  });

  const render = async (templateId: string) => {
    const res = await org.api.post('/v1/images', { template_id: templateId, modifications: [] }, { prefer: 'wait=60' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed' });
    const file = await fetchBytes(res.body.result_url);
    expect(file.status).toBe(200);
    return { record: res.body, png: file.body };
  };

  test('a fonts CSS link and a framework stylesheet render on Chromium from the pinned bytes once the server is gone', async () => {
    const base = server!.url;
    const html = `<link rel="stylesheet" href="${base}/css2?family=Pinned+Mono&display=swap">
<link rel="stylesheet" href="${base}/npm/mini-framework@1/mini-framework.css">
<div class="fw-card"><h1 class="fw-title" style="font-family:'Pinned Mono'">Pinned</h1>
<div class="fw-row"><span class="fw-col fw-badge">offline</span><img src="${base}/photo.png" width="40" height="40"></div></div>`;
    const created = await org.api.post('/v1/templates', { name: 'pinned', type: 'image', width: 400, height: 300, composition_html: html, engine: 'chromium' });
    expect(created.status).toBe(201);
    const version = await org.api.get(`/v1/templates/${created.body.id}/versions/1`);
    const manifest = version.body.pinned_resources as any[];
    expect(manifest.map((r) => [r.url.replace(base, ''), r.kind, r.status])).toEqual([
      ['/css2?family=Pinned+Mono&display=swap', 'stylesheet', 'pinned'],
      ['/s/pinnedmono/v1/mono.woff2', 'font', 'pinned'],
      ['/npm/mini-framework@1/mini-framework.css', 'stylesheet', 'pinned'],
      ['/npm/mini-framework@1/grid.css', 'stylesheet', 'pinned'],
      ['/npm/mini-framework@1/img/stripe.png', 'image', 'pinned'],
      ['/photo.png', 'image', 'pinned'],
    ]);
    const font = manifest.find((r) => r.kind === 'font');
    expect(font).toMatchObject({ sha256: sha(WOFF2), bytes: WOFF2.length, content_type: 'font/woff2', asset_key: `orgs/${org.orgId}/pinned/${sha(WOFF2)}`, error: null });
    // the fonts CSS API was asked as a browser asks, so it answered WOFF2
    expect(requests.find((r) => r.url.startsWith('/css2?'))!.ua).toBe(PIN_USER_AGENT);

    const seenAtSave = requests.length;
    const first = await render(created.body.id);
    expect(requests.length).toBe(seenAtSave);
    expect(first.record.image_metadata.provenance.pinned).toEqual(
      [...manifest].map((r) => ({ url: r.url, sha256: r.sha256 })).sort((a, b) => (a.url < b.url ? -1 : 1)),
    );
    const img = decodePng(first.png);
    // the framework's card background stripe and the pinned photo are drawn
    expect(img.mean(20, 293, 360, 6)).toEqual([30, 64, 175]);

    await server!.close();
    server = null;
    const offline = await render(created.body.id);
    expect(offline.png.equals(first.png)).toBe(true);
    expect(requests.length).toBe(seenAtSave);
  });

  test('a card with a remote @font-face, background and image renders on the native engine with the server stopped', async () => {
    server ??= await startFixtureServer(handler);
    const base = server.url;
    const html = `<style>body { margin: 0; }
@font-face { font-family: 'Liberation Mono'; src: url(${base}/s/pinnedmono/v1/mono.woff2) format('woff2'); }
.t { font-family: 'Liberation Mono'; font-size: 40px; width: 400px; height: 100px; background: url(${base}/npm/mini-framework@1/img/stripe.png); color: #ffffff; }</style>
<div class="t">Pinned</div><img src="${base}/photo.png" style="width:40px;height:40px">`;
    const created = await org.api.post('/v1/templates', { name: 'pinned-native', type: 'image', width: 400, height: 200, composition_html: html, engine: 'native' });
    expect(created.status).toBe(201);
    expect(created.body.engine_decision).toMatchObject({ engine: 'native', reason: 'forced' });
    const version = await org.api.get(`/v1/templates/${created.body.id}/versions/1`);
    expect(version.body.pinned_resources.map((r: any) => [r.kind, r.status])).toEqual([['font', 'pinned'], ['image', 'pinned'], ['image', 'pinned']]);

    const seenAtSave = requests.length;
    const first = await render(created.body.id);
    expect(first.record.image_metadata.engine).toBe('native');
    const img = decodePng(first.png);
    expect(img.mean(300, 10, 90, 80)).toEqual([30, 64, 175]);
    expect(img.mean(5, 105, 30, 30)).toEqual([0, 160, 0]);

    await server.close();
    server = null;
    const offline = await render(created.body.id);
    expect(offline.png.equals(first.png)).toBe(true);
    expect(requests.length).toBe(seenAtSave);
  });

  test('re-pinning is an explicit request that makes a new version; a render of the current one does not wait for it', async () => {
    server ??= await startFixtureServer(handler);
    const base = server.url;
    const html = `<link rel="stylesheet" href="${base}/theme.css"><img src="${base}/changing.png" style="position:absolute;left:0;top:0;width:100px;height:100px">`;
    const created = await org.api.post('/v1/templates', { name: 'repin', type: 'image', width: 100, height: 100, composition_html: html, engine: 'chromium' });
    expect(created.status).toBe(201);
    const before = decodePng((await render(created.body.id)).png);
    expect(before.mean(10, 10, 80, 80)).toEqual([0, 160, 0]);

    // the remote image changes: version 1 keeps what it pinned
    photoColour = [200, 0, 0];
    expect(decodePng((await render(created.body.id)).png).mean(10, 10, 80, 80)).toEqual([0, 160, 0]);

    // while a re-pin waits on a stalled stylesheet, a render of version 1 completes
    themeHangs = true;
    let repinAnswered = false;
    const repin = org.api.post(`/v1/templates/${created.body.id}/repin`, {}).then((res) => ((repinAnswered = true), res));
    await new Promise((r) => setTimeout(r, 500));
    const during = await render(created.body.id);
    expect(repinAnswered).toBe(false);
    expect(during.record.template_version).toBe(1);
    const repinned = await repin;
    expect(repinned.status).toBe(200);
    expect(repinned.body.current_version).toBe(2);

    const v2 = (await org.api.get(`/v1/templates/${created.body.id}/versions/2`)).body;
    expect(v2.composition_html).toBe(html);
    expect(v2.pinned_resources.map((r: any) => [r.url.replace(base, ''), r.status, r.error?.code ?? null])).toEqual([
      ['/theme.css', 'unresolved', 'asset_unreachable'],
      ['/changing.png', 'pinned', null],
    ]);
    const v1 = (await org.api.get(`/v1/templates/${created.body.id}/versions/1`)).body;
    expect(v1.pinned_resources[1].sha256).not.toBe(v2.pinned_resources[1].sha256);
    // version 2 recorded its stylesheet unresolved: its renders fail at once with that error, naming re-pinning
    const res = await org.api.post('/v1/images', { template_id: created.body.id, modifications: [] }, { prefer: 'wait=60' });
    const failed = res.status === 200 ? res.body : await waitForRender(org.api, 'image', res.body.id);
    expect(failed).toMatchObject({ status: 'failed', template_version: 2, error: { code: 'asset_unreachable', message: expect.stringContaining('/repin') } });

    themeHangs = false;
    const again = await org.api.post(`/v1/templates/${created.body.id}/repin`, {});
    expect(again.body.current_version).toBe(3);
    expect(decodePng((await render(created.body.id)).png).mean(10, 10, 80, 80)).toEqual([200, 0, 0]);
  });

  test('engine auto and native: a pinned stylesheet refuses the native engine only where its unsupported rules match an element', async () => {
    server ??= await startFixtureServer(handler);
    const save = (body: string, engine: 'auto' | 'native') =>
      org.api.post('/v1/templates', { name: 'pinned-gate', type: 'image', width: 200, height: 100, composition_html: `<link rel="stylesheet" href="${server!.url}/gate.css">${body}`, engine });
    // float on an element the template has: Chromium, with the reason the render worker recorded when it pinned the sheet
    const used = await save('<div class="card">x</div>', 'auto');
    expect(used.status).toBe(201);
    expect(used.body.engine_decision).toMatchObject({ engine: 'chromium', reason: 'unsupported_css:float' });
    const manifest = (await org.api.get(`/v1/templates/${used.body.id}/versions/1`)).body.pinned_resources;
    expect(manifest[0].gate).toEqual({ findings: [{ reason: 'unsupported_css:float', selector: '.card' }], rules: 3, unmatched_rules: 2 });
    const refused = await save('<div class="card">x</div>', 'native');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'engine_unsupported', message: expect.stringContaining('unsupported_css:float') });
    // the same sheet for a template without .card (and nobody hovers a render): the gate passes, the parity check decides
    const unused = await save('<div class="other" style="width:200px;height:100px;background:#123">x</div>', 'auto');
    expect(unused.body.engine_decision.reason).toBe('parity_pending');
    const forced = await save('<div class="other">x</div>', 'native');
    expect(forced.status).toBe(201);
    expect(forced.body.engine_decision).toMatchObject({ engine: 'native', reason: 'forced' });
  });
});
