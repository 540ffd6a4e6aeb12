import crypto from 'node:crypto';
import type http from 'node:http';
import { closeTestDb, decodePng, fetchBytes, newOrg, startFixtureServer, type FixtureServer, type TestOrg } from '../index';

// Scripts pinned at save (docs/pinning.md) through the stack: a template loads a classic script with an integrity
// hash and a module whose imports go through a relative URL and an import map, all from a "CDN" on 127.0.0.2. The
// save pins them; with the CDN stopped the render still runs them (their effects are in the pixels), byte-identical
// to the render made while it was up, and the CDN sees no request after the save.
jest.setTimeout(180_000);

const PAINT = "document.getElementById('c').style.background = 'rgb(255, 0, 0)';";
const SOURCES: Record<string, string> = {
  '/npm/paint@1/paint.js': PAINT,
  '/npm/app@1/app.mjs': "import { colour } from './colour.mjs';\nimport { width } from 'sizes';\nconst m = document.getElementById('m');\nm.style.background = colour;\nm.style.width = width;",
  '/npm/app@1/colour.mjs': "export const colour = 'rgb(0, 0, 255)';",
  '/npm/sizes@1/index.mjs': "export const width = '40px';",
};

describe('pinned scripts', () => {
  let org: TestOrg;
  let cdn: FixtureServer | null = null;
  const requests: string[] = [];
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    requests.push(req.url ?? '');
    const body = SOURCES[req.url ?? ''];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*' }).end(body);
  };
  beforeAll(async () => {
    org = await newOrg();
    cdn = await startFixtureServer(handler);
  });
  afterAll(async () => {
    await cdn?.close();
    await closeTestDb();
  });

  const render = async (templateId: string) => {
    const res = await org.api.post('/v1/images', { template_id: templateId, modifications: [] }, { prefer: 'wait=60' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed' });
    const file = await fetchBytes(res.body.result_url);
    expect(file.status).toBe(200);
    return file.body as Buffer;
  };

  test('a classic script and a module graph from a CDN render after save with the CDN stopped', async () => {
    const base = cdn!.url;
    const integrity = `sha384-${crypto.createHash('sha384').update(PAINT).digest('base64')}`;
    const html = `<style>body { margin: 0; } div { position: absolute; top: 0; height: 40px; background: rgb(255, 255, 255); }</style>
<script type="importmap">{"imports": {"sizes": "${base}/npm/sizes@1/index.mjs"}}</script>
<div id="c" style="left: 0; width: 40px"></div><div id="m" style="left: 50px; width: 10px"></div>
<script src="${base}/npm/paint@1/paint.js" integrity="${integrity}" crossorigin="anonymous"></script>
<script type="module" src="${base}/npm/app@1/app.mjs"></script>`;
    const created = await org.api.post('/v1/templates', { name: 'pinned-scripts', type: 'image', width: 120, height: 60, composition_html: html, engine: 'auto' });
    expect(created.status).toBe(201);
    const version = await org.api.get(`/v1/templates/${created.body.id}/versions/1`);
    expect((version.body.pinned_resources as any[]).map((r) => [r.url.replace(base, ''), r.kind, r.status, r.content_type])).toEqual([
      ['/npm/paint@1/paint.js', 'script', 'pinned', 'text/javascript; charset=utf-8'],
      ['/npm/app@1/app.mjs', 'script', 'pinned', 'text/javascript; charset=utf-8'],
      ['/npm/app@1/colour.mjs', 'script', 'pinned', 'text/javascript; charset=utf-8'],
      ['/npm/sizes@1/index.mjs', 'script', 'pinned', 'text/javascript; charset=utf-8'],
    ]);
    const seenAtSave = requests.length;
    const online = await render(created.body.id);
    expect(requests.length).toBe(seenAtSave);

    await cdn!.close();
    cdn = null;
    const offline = await render(created.body.id);
    expect(offline.equals(online)).toBe(true);
    expect(requests.length).toBe(seenAtSave);
    const img = decodePng(offline);
    // the classic script painted #c red; the module painted #m blue and widened it to 40px through its two imports
    expect(img.mean(10, 10, 20, 20)).toEqual([255, 0, 0]);
    expect(img.mean(52, 10, 36, 20)).toEqual([0, 0, 255]);
  });
});
