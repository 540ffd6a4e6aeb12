import { closeTestDb, decodePng, fetchBytes, newOrg, PRIVATE_USE_CHAR, privateUseFont, solidPng, type TestOrg } from '../index';

// Warnings and provenance of renders the native engine (takumi) makes, against the real stack: the same codes as
// on Chromium (warnings.test.ts) from the engine's own layout, each output decoded. The @font-face case runs on
// both engines: a character only the uploaded font has is drawn and not reported.
const HTML = `<div data-placeholder="name" style="position:absolute;left:10px;top:10px;width:200px;height:40px;font-size:30px;font-family:'DejaVu Sans';white-space:nowrap;background:#fff;color:#000">x</div>
<img data-placeholder="photo" style="position:absolute;left:10px;top:60px;width:200px;height:200px">`;
const placeholders = [
  { name: 'name', type: 'text', default: 'x' },
  { name: 'photo', type: 'image', default: null },
];

describe('native engine warnings and provenance', () => {
  let org: TestOrg;
  let nativeId: string;
  let bigPhoto: string;
  let smallPhoto: string;
  let fontId: string;

  const template = async (engine: string, html: string) => {
    const tpl = await org.api.post('/v1/templates', { name: `Warn ${engine}`, type: 'image', format: 'png', width: 240, height: 280, composition_html: html, placeholders, engine });
    expect({ status: tpl.status, text: tpl.status === 201 ? '' : tpl.text }).toEqual({ status: 201, text: '' });
    return tpl.body.id as string;
  };
  const render = async (templateId: string, modifications: object[]) => {
    const res = await org.api.post('/v1/images', { template_id: templateId, modifications }, { prefer: 'wait=60' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('completed');
    const png = decodePng((await fetchBytes(res.body.result_url)).body);
    expect([png.width, png.height]).toEqual([240, 280]);
    return { body: res.body, png, codes: res.body.warnings.map((w: any) => `${w.code}:${w.placeholder}`) };
  };

  beforeAll(async () => {
    org = await newOrg();
    const big = await org.api.post('/v1/assets', solidPng(200, 200, [0, 0, 255]), { 'content-type': 'image/png' });
    const small = await org.api.post('/v1/assets', solidPng(50, 50, [255, 0, 0]), { 'content-type': 'image/png' });
    const font = await org.api.post('/v1/assets', privateUseFont(), { 'content-type': 'font/ttf' });
    expect([big.status, small.status, font.status]).toEqual([201, 201, 201]);
    [bigPhoto, smallPhoto, fontId] = [`asset://${big.body.id}`, `asset://${small.body.id}`, font.body.id];
    nativeId = await template('native', HTML);
  });
  afterAll(closeTestDb);

  test('a name that fits and a photo at its size: no warnings, made by takumi, its photo hashed', async () => {
    const { body, png, codes } = await render(nativeId, [{ name: 'name', text: 'Ada' }, { name: 'photo', image_url: bigPhoto }]);
    expect(body.image_metadata.engine).toBe('native');
    expect(codes).toEqual([]);
    expect(png.pixel(110, 160).slice(0, 3)).toEqual([0, 0, 255]);
    const { provenance } = body.image_metadata;
    expect(provenance).toMatchObject({ engine: 'native', chromium_version: null });
    expect(provenance.assets).toHaveLength(1);
    expect(provenance.assets[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    const again = await render(nativeId, [{ name: 'name', text: 'Ada' }, { name: 'photo', image_url: bigPhoto }]);
    expect(again.body.image_metadata.provenance).toEqual(provenance);
  });

  test('an overflowing name, a missing photo, a small photo stretched 4x and a character no face has', async () => {
    const long = await render(nativeId, [{ name: 'name', text: 'Ada Augusta King, Countess of Lovelace' }, { name: 'photo', image_url: bigPhoto }]);
    expect(long.codes).toEqual(['text_overflow:name']);
    // clipped at the box, as on Chromium: nothing of the text right of x = 210
    expect(long.png.pixel(225, 30).slice(0, 3)).toEqual(long.png.pixel(235, 275).slice(0, 3));
    const missing = await render(nativeId, [{ name: 'name', text: 'Ada' }]);
    expect(missing.codes).toEqual(['image_missing:photo']);
    expect(missing.body.image_metadata.provenance.assets).toEqual([]);
    const upscaled = await render(nativeId, [{ name: 'name', text: 'Ada' }, { name: 'photo', image_url: smallPhoto }]);
    expect(upscaled.codes).toEqual(['image_upscaled:photo']);
    expect(upscaled.body.warnings[0].message).toContain('50x50');
    expect(upscaled.png.pixel(110, 160).slice(0, 3)).toEqual([255, 0, 0]);
    const glyph = await render(nativeId, [{ name: 'name', text: 'Ada \u{10000}' }, { name: 'photo', image_url: bigPhoto }]);
    expect(glyph.codes).toEqual(['glyph_missing:name']);
    expect(glyph.body.warnings[0].message).toContain('U+10000');
  });

  test.each(['native', 'chromium'])('%s: a character only the uploaded @font-face font has is not glyph_missing', async (engine) => {
    const branded = `<style>@font-face{font-family:Brand;src:url(asset://${fontId})}</style>${HTML.replace("font-family:'DejaVu Sans'", 'font-family:Brand')}`;
    const plainId = await template(engine, HTML);
    const brandedId = await template(engine, branded);
    const text = `A${PRIVATE_USE_CHAR}`;
    const plain = await render(plainId, [{ name: 'name', text }, { name: 'photo', image_url: bigPhoto }]);
    expect(plain.codes).toEqual(['glyph_missing:name']);
    const withFont = await render(brandedId, [{ name: 'name', text }, { name: 'photo', image_url: bigPhoto }]);
    expect(withFont.body.image_metadata.engine).toBe(engine);
    expect(withFont.codes).toEqual([]);
    // the font's glyph for U+E000 (its fi ligature) is drawn right of the A, inside the white name box
    let ink = 0;
    for (let x = 32; x < 90; x++) for (let y = 12; y < 48; y++) if (withFont.png.pixel(x, y)[0]! < 128) ink++;
    expect(ink).toBeGreaterThan(20);
    expect(withFont.body.image_metadata.provenance.assets.map((a: any) => a.url)).toEqual(expect.arrayContaining([expect.stringContaining(fontId)]));
  });
});
