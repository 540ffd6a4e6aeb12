import { closeTestDb, decodePng, fetchBytes, newOrg, solidPng, type TestOrg } from '../index';

// Warnings and provenance of single image renders against the real stack (Chromium engine): each case renders,
// decodes the PNG it stored, and checks the warnings the worker read from the laid-out page.
const HTML = `<div data-placeholder="name" style="position:absolute;left:10px;top:10px;width:200px;height:40px;font:bold 30px 'DejaVu Sans',sans-serif;white-space:nowrap;background:#fff;color:#000">x</div>
<img data-placeholder="photo" style="position:absolute;left:10px;top:60px;width:200px;height:200px">`;

describe('render warnings and provenance', () => {
  let org: TestOrg;
  let templateId: string;
  let bigPhoto: string;
  let smallPhoto: string;

  const render = async (modifications: object[]) => {
    const res = await org.api.post('/v1/images', { template_id: templateId, modifications }, { prefer: 'wait=60' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('completed');
    const png = decodePng((await fetchBytes(res.body.result_url)).body);
    expect([png.width, png.height]).toEqual([240, 280]);
    return { body: res.body, png };
  };
  const codes = (body: any) => body.warnings.map((w: any) => `${w.code}:${w.placeholder}`);

  beforeAll(async () => {
    org = await newOrg();
    const tpl = await org.api.post('/v1/templates', {
      name: 'Warn card',
      type: 'image',
      format: 'png',
      width: 240,
      height: 280,
      composition_html: HTML,
      placeholders: [
        { name: 'name', type: 'text', default: 'x' },
        { name: 'photo', type: 'image', default: null },
      ],
    });
    expect(tpl.status).toBe(201);
    templateId = tpl.body.id;
    const big = await org.api.post('/v1/assets', solidPng(200, 200, [0, 0, 255]), { 'content-type': 'image/png' });
    const small = await org.api.post('/v1/assets', solidPng(50, 50, [255, 0, 0]), { 'content-type': 'image/png' });
    expect([big.status, small.status]).toEqual([201, 201]);
    bigPhoto = `asset://${big.body.id}`;
    smallPhoto = `asset://${small.body.id}`;
  });
  afterAll(closeTestDb);

  test('a name that fits and a photo at its size: no warnings', async () => {
    const { body, png } = await render([{ name: 'name', text: 'Ada' }, { name: 'photo', image_url: bigPhoto }]);
    expect(body.warnings).toEqual([]);
    expect(png.pixel(110, 160).slice(0, 3)).toEqual([0, 0, 255]);
  });

  test('a name that overflows its box is text_overflow (and clipped in the image)', async () => {
    const { body, png } = await render([{ name: 'name', text: 'Ada Augusta King, Countess of Lovelace' }, { name: 'photo', image_url: bigPhoto }]);
    expect(codes(body)).toEqual(['text_overflow:name']);
    expect(body.warnings[0].message).toContain('Ada Augusta');
    // clipped at the box: nothing of the text spills right of x = 210
    expect(png.pixel(225, 30).slice(0, 3)).toEqual(png.pixel(235, 275).slice(0, 3));
  });

  test('a missing photo is image_missing, a small photo stretched 4x is image_upscaled', async () => {
    const missing = await render([{ name: 'name', text: 'Ada' }]);
    expect(codes(missing.body)).toEqual(['image_missing:photo']);
    const upscaled = await render([{ name: 'name', text: 'Ada' }, { name: 'photo', image_url: smallPhoto }]);
    expect(codes(upscaled.body)).toEqual(['image_upscaled:photo']);
    expect(upscaled.body.warnings[0].message).toContain('50x50');
    expect(upscaled.png.pixel(110, 160).slice(0, 3)).toEqual([255, 0, 0]);
  });

  test('characters no installed font has are glyph_missing, named', async () => {
    const { body } = await render([{ name: 'name', text: 'Ada \u{10000}' }, { name: 'photo', image_url: bigPhoto }]);
    expect(codes(body)).toEqual(['glyph_missing:name']);
    expect(body.warnings[0].message).toContain('U+10000');
    // Turkish and emoji are covered by the installed fonts
    const covered = await render([{ name: 'name', text: 'Şükrü 🎂' }, { name: 'photo', image_url: bigPhoto }]);
    expect(covered.body.warnings).toEqual([]);
  });

  test('provenance is equal for the same inputs and differs when the template version changes', async () => {
    const mods = [{ name: 'name', text: 'Ada' }, { name: 'photo', image_url: bigPhoto }];
    const a = (await render(mods)).body.image_metadata.provenance;
    const b = (await render(mods)).body.image_metadata.provenance;
    expect(a).toMatchObject({ template_id: templateId, template_version: 1, engine: 'chromium' });
    expect(a.chromium_version).toMatch(/^\d+\./);
    expect(a.fonts['fonts-dejavu-core']).toMatch(/\d/);
    expect(a.assets).toHaveLength(1);
    expect(a.assets[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toEqual(a);

    const patched = await org.api.patch(`/v1/templates/${templateId}`, { composition_html: HTML.replace('#fff', '#eee') });
    expect(patched.status).toBe(200);
    const c = (await render(mods)).body.image_metadata.provenance;
    expect(c.template_version).toBe(2);
    expect(c.fingerprint).not.toBe(a.fingerprint);
    expect(c.document_sha256).not.toBe(a.document_sha256);
    expect(c.assets).toEqual(a.assets);
  });
});
