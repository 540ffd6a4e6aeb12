import type http from 'node:http';
import { closeTestDb, decodePng, diffPixels, fetchBytes, newOrg, solidPng, startFixtureServer, type FixtureServer, type TestOrg } from '../index';

// A browser's tolerance, through the stack (docs/renders.md "Warnings", docs/templates.md "Warnings at save"): the
// save of a version reports the template's own images and fonts that will not load, before any render; a render goes
// on without a hidden one and with the next family for a font (warnings), on Chromium and on the native engine, and
// still fails on a shown one and on a modification's image_url that does not load.
jest.setTimeout(180_000);

const W = 400;
const H = 160;
/** A lower third: a bar with a name, and the leftovers people leave in templates they copy. */
const BAR = '<div style="position:absolute;left:0;bottom:0;width:400px;height:60px;background:#0a3d91"></div>';
const NAME = (family: string) => `<p style="position:absolute;left:20px;bottom:10px;margin:0;font:32px ${family};color:#fff">Ada Lovelace</p>`;
const HIDDEN_IMAGE = '<img src="//:0" style="display:none">';
const BROKEN_FONT = '<style>@font-face{font-family:Brand;src:url(fonts/brand.woff2) format("woff2")}</style>';

describe('warnings for what a template loads', () => {
  let org: TestOrg;
  let server: FixtureServer;
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url === '/logo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(solidPng(8, 8, [200, 0, 0]));
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

  const create = async (html: string, engine: 'chromium' | 'native', placeholders: unknown[] = []) => {
    const res = await org.api.post('/v1/templates', { name: 'lower third', type: 'image', width: W, height: H, composition_html: html, placeholders, engine });
    expect(res.status).toBe(201);
    return res.body;
  };
  const render = async (templateId: string, modifications: unknown[] = []) => {
    const res = await org.api.post('/v1/images', { template_id: templateId, modifications }, { prefer: 'wait=60' });
    expect(res.status).toBe(200);
    return res.body;
  };
  const png = async (record: any) => decodePng((await fetchBytes(record.result_url)).body);
  const codes = (warnings: Array<{ code: string }>) => warnings.map((w) => w.code);

  test('the save reports a hidden image and an @font-face that cannot load; renders go on without them, as a browser does', async () => {
    const tpl = await create(`${BROKEN_FONT}${BAR}${HIDDEN_IMAGE}${NAME("Brand, 'DejaVu Sans'")}`, 'chromium');
    expect(codes(tpl.warnings)).toEqual(['font_load_failed', 'image_failed']);
    expect(tpl.warnings[0].message).toContain('@font-face "Brand" cannot be loaded (fonts/brand.woff2: a relative URL');
    expect(tpl.warnings[1].message).toContain('image //:0 cannot be loaded');
    expect(tpl.warnings[1].message).toContain('it is not shown, so renders go on without it');
    // the version answers the same, and so does every read of the template
    expect((await org.api.get(`/v1/templates/${tpl.id}/versions/1`)).body.warnings).toEqual(tpl.warnings);
    expect((await org.api.get(`/v1/templates/${tpl.id}`)).body.warnings).toEqual(tpl.warnings);

    const done = await render(tpl.id);
    expect(done).toMatchObject({ status: 'completed' });
    expect(codes(done.warnings)).toEqual(['image_failed', 'font_load_failed']);
    // pixel for pixel the card a browser shows: without the image, the name in the next family of its list
    const reference = await render((await create(`${BAR}${NAME("'DejaVu Sans'")}`, 'chromium')).id);
    expect(diffPixels(await png(done), await png(reference), 0)).toBe(0);
  });

  test('on the native engine the hidden image is a warning too, and the image is the card without it', async () => {
    const tpl = await create(`${BAR}${HIDDEN_IMAGE}${NAME("'DejaVu Sans'")}`, 'native');
    expect(tpl.engine_decision).toMatchObject({ engine: 'native', reason: 'forced' });
    expect(codes(tpl.warnings)).toEqual(['image_failed']);
    const done = await render(tpl.id);
    expect(done).toMatchObject({ status: 'completed', image_metadata: { engine: 'native' } });
    expect(codes(done.warnings)).toEqual(['image_failed']);
    const reference = await render((await create(`${BAR}${NAME("'DejaVu Sans'")}`, 'native')).id);
    expect(diffPixels(await png(done), await png(reference), 0)).toBe(0);
  });

  test('a shown image that cannot load is reported at save and still fails every render', async () => {
    const tpl = await create(`${BAR}<img src="${server.url}/gone.png" style="width:40px;height:40px">`, 'chromium');
    expect(tpl.warnings).toEqual([{ code: 'image_failed', placeholder: null, message: expect.stringContaining('it is shown, so every render fails with asset_unreachable') }]);
    expect(await render(tpl.id)).toMatchObject({ status: 'failed', error: { code: 'asset_unreachable', message: expect.stringContaining('gone.png') } });
  });

  test('a modification\'s image_url that does not load fails the render, even where the template hides it', async () => {
    const html = `${BAR}<img data-placeholder="logo" src="${server.url}/logo.png" style="display:none">${NAME("'DejaVu Sans'")}`;
    const tpl = await create(html, 'chromium', [{ name: 'logo', type: 'image' }]);
    expect(tpl.warnings).toEqual([]);
    expect(await render(tpl.id, [{ name: 'logo', image_url: `${server.url}/logo.png` }])).toMatchObject({ status: 'completed', warnings: [] });
    expect(await render(tpl.id, [{ name: 'logo', image_url: `${server.url}/missing.png` }])).toMatchObject({
      status: 'failed',
      error: { code: 'asset_unreachable', message: expect.stringContaining('missing.png') },
    });
  });

  test('a new version has its own warnings: fixing the HTML clears them, re-pinning judges again', async () => {
    const tpl = await create(`${BAR}${HIDDEN_IMAGE}`, 'chromium');
    expect(codes(tpl.warnings)).toEqual(['image_failed']);
    const fixed = await org.api.patch(`/v1/templates/${tpl.id}`, { composition_html: BAR });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ current_version: 2, warnings: [] });
    expect((await org.api.get(`/v1/templates/${tpl.id}/versions/1`)).body.warnings).toEqual(tpl.warnings);
    const repinned = await org.api.post(`/v1/templates/${tpl.id}/repin`, {});
    expect(repinned.body).toMatchObject({ current_version: 3, warnings: [] });
    const versions = await org.api.get(`/v1/templates/${tpl.id}/versions`);
    expect(versions.body.map((v: any) => [v.version, codes(v.warnings)])).toEqual([[3, []], [2, []], [1, ['image_failed']]]);
  });
});
