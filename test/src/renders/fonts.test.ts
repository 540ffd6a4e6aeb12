import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { closeTestDb, decodeFrames, decodePng, diffPixels, fetchBytes, newOrg, waitForCollection, waitForRender, withTempFile, type DecodedPng, type TestOrg } from '../index';

// The reference is the same font file installed: Liberation Mono is shipped as a test fixture and installed on the
// machine (fonts-liberation), and the test checks that fontconfig resolves the family to a byte-identical file. A word
// in the uploaded font must match the installed face pixel for pixel (no tolerance) and differ from the fallback face.
// That holds because the worker launches Chromium with --font-render-hinting=slight, the hinting fontconfig gives
// installed faces (measured on Chromium 156: 0 pixels apart; 2657 with headless-shell's default, 1015 with `none`).
interface Ink { left: number; right: number }
/** Horizontal extent of the dark pixels: the word's width. */
function ink(png: DecodedPng): Ink {
  const out = { left: Infinity, right: -1 };
  for (let y = 0; y < png.height; y++) for (let x = 0; x < png.width; x++) {
    if (255 - png.pixel(x, y)[0] > 128) Object.assign(out, { left: Math.min(out.left, x), right: Math.max(out.right, x) });
  }
  return out;
}
const FONT = fs.readFileSync(path.join(__dirname, '../../fixtures/fonts/LiberationMono-Regular.ttf'));
const word = (family: string, face = '') =>
  `${face}<div data-placeholder="word" style="position:absolute;left:10px;top:10px;font:56px ${family};color:#000">Quizzical</div>`;
const fontFace = (id: string) => `<style>@font-face{font-family:Brand;src:url(asset://${id})}</style>`;

describe('uploaded fonts', () => {
  let org: TestOrg;
  let fontId: string;
  const template = async (html: string, extra: object = {}) => {
    const res = await org.api.post('/v1/templates', {
      name: 'Font', type: 'image', format: 'png', width: 420, height: 90, composition_html: html,
      placeholders: [{ name: 'word', type: 'text', default: 'Quizzical' }], ...extra,
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const renderPng = async (templateId: string, modifications: object[] = []) => {
    const res = await org.api.post('/v1/images', { template_id: templateId, modifications }, { Prefer: 'wait=60' });
    expect(res.body.error).toBeNull();
    return decodePng((await fetchBytes(res.body.result_url)).body);
  };
  let reference: DecodedPng;

  beforeAll(async () => {
    org = await newOrg();
    const up = await org.api.post('/v1/assets', FONT, { 'content-type': 'font/ttf' });
    expect(up.status).toBe(201);
    expect(up.body.content_type).toBe('font/ttf');
    fontId = up.body.id;
    const installed = execFileSync('fc-match', ['-f', '%{file}', 'Liberation Mono'], { encoding: 'utf8' });
    expect(fs.readFileSync(installed).equals(FONT)).toBe(true);
    reference = await renderPng(await template(word("'Liberation Mono'")));
  });
  afterAll(closeTestDb);

  test('a word in the uploaded font matches the installed face pixel for pixel and differs from the fallback', async () => {
    const uploaded = await renderPng(await template(word('Brand, serif', fontFace(fontId))));
    const fallback = await renderPng(await template(word('NoSuchFamily, serif')));
    expect(diffPixels(uploaded, fallback)).toBeGreaterThan(1000);
    expect(diffPixels(uploaded, reference, 0)).toBe(0);
  });

  test('a font that is refused or missing falls through to the next family, as in a browser, with font_load_failed', async () => {
    // the table directory is intact (so the upload is accepted as TTF) but the tables are zeros: the sanitizer refuses it
    const broken = Buffer.from(FONT);
    broken.fill(0, 12 + broken.readUInt16BE(4) * 16);
    const up = await org.api.post('/v1/assets', broken, { 'content-type': 'font/ttf' });
    expect(up.status).toBe(201);
    // on Chromium, both: the parity check of an `auto` template could move one of them to the native engine meanwhile
    const serif = await renderPng(await template(word('serif'), { engine: 'chromium' }));
    expect(diffPixels(serif, reference)).toBeGreaterThan(1000);
    for (const id of [up.body.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await org.api.post('/v1/images', { template_id: await template(word('Brand, serif', fontFace(id)), { engine: 'chromium' }) }, { Prefer: 'wait=60' });
      expect(res.body).toMatchObject({ status: 'completed', warnings: [expect.objectContaining({ code: 'font_load_failed', message: expect.stringContaining('"Brand"') })] });
      expect(diffPixels(decodePng((await fetchBytes(res.body.result_url)).body), serif, 0)).toBe(0);
    }
  });

  test('collections and people-based collections render with the font', async () => {
    const id = await template(word('Brand, serif', fontFace(fontId)));
    const col = await org.api.post('/v1/collections', { template_id: id, items: [{ modifications: [] }, { modifications: [{ name: 'word', text: 'Quizzical' }] }] });
    expect(col.status).toBe(202);
    const person = await org.api.post('/v1/people', { first_name: 'Quizzical' });
    expect(person.status).toBe(201);
    const fromPeople = await org.api.post('/v1/collections/from-people', { template_id: id, people: {}, mapping: { word: '{first_name}' } });
    expect(fromPeople.status).toBe(202);
    for (const c of [col.body, fromPeople.body]) {
      const done = await waitForCollection(org, c.id, 120_000);
      expect(done.status).toBe('completed');
      for (const item of done.items) {
        const png = decodePng((await fetchBytes(item.result_url)).body);
        expect(diffPixels(png, reference, 0)).toBe(0);
      }
    }
  });

  test('a video sees the font from its first frame', async () => {
    const res = await org.api.post('/v1/templates', {
      name: 'Font video', type: 'video', width: 420, height: 90, composition_html: word('Brand, serif', fontFace(fontId)),
      placeholders: [{ name: 'word', type: 'text', default: 'Quizzical' }],
    });
    expect(res.status).toBe(201);
    const created = await org.api.post('/v1/videos', { template_id: res.body.id, duration_seconds: 1, fps: 10 });
    expect(created.status).toBe(202);
    const done = await waitForRender(org.api, 'video', created.body.id);
    expect(done.error).toBeNull();
    const frames = await withTempFile((await fetchBytes(done.result_url)).body, 'mp4', (f) => decodeFrames(f, 420, 90));
    for (const rgb of [frames[0]!, frames[9]!]) {
      const frame: DecodedPng = {
        width: 420,
        height: 90,
        pixel: (x, y) => [rgb[(y * 420 + x) * 3]!, rgb[(y * 420 + x) * 3 + 1]!, rgb[(y * 420 + x) * 3 + 2]!, 255],
        mean: () => [0, 0, 0],
      };
      // H.264 blurs the ink amount, so the word's width decides here: the fallback face is 29 % narrower
      const [got, want] = [ink(frame), ink(reference)];
      expect(Math.abs(got.right - got.left - (want.right - want.left)) / (want.right - want.left)).toBeLessThan(0.05);
    }
  });

  test.each([
    ['text named .woff2', Buffer.from('this is not a font, just text pretending to be woff2\n'.repeat(4))],
    ['a wOF2 magic number in front of text', Buffer.concat([Buffer.from('wOF2'), Buffer.from('x'.repeat(200))])],
    ['an OTTO magic number with a table outside the file', Buffer.concat([Buffer.from('OTTO'), Buffer.from([0, 1, 0, 16, 0, 0, 0, 0]), Buffer.alloc(16, 0xff)])],
  ])('%s is rejected with 422 unsupported_asset_type', async (_what, bytes) => {
    const res = await org.api.post('/v1/assets?filename=brand.woff2', bytes, { 'content-type': 'font/woff2' });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'unsupported_asset_type', details: [{ field: 'file' }] });
  });
});
