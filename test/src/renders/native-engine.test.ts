import crypto from 'node:crypto';
import sharp from 'sharp';
import { cardFixture, closeTestDb, decodePng, fetchBytes, newOrg, solidPng, stackInfo, type TestOrg } from '../index';

// The native engine end to end: templates forced to `native` render through the API on takumi (docs/engines.md),
// their outputs decoded and compared with Chromium's where no text is drawn.
jest.setTimeout(120_000);

describe('native engine renders', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await newOrg();
  });
  afterAll(closeTestDb);

  const template = async (body: Record<string, unknown>) => {
    const res = await org.api.post('/v1/templates', { name: 'native', type: 'image', format: 'png', placeholders: [], ...body });
    expect(res.status).toBe(201);
    return res.body as { id: string; engine_decision: { engine: string } };
  };
  const renderSync = async (templateId: string, modifications: unknown[] = []) => {
    const res = await org.api.post('/v1/images', { template_id: templateId, modifications }, { prefer: 'wait=60' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed' });
    return res.body;
  };
  const bytesOf = async (url: string) => {
    const file = await fetchBytes(url);
    expect(file.status).toBe(200);
    return file.body;
  };

  test('the bench card renders on the native engine: same size, same pixels where no text is, a smaller PNG', async () => {
    const card = { width: cardFixture.width, height: cardFixture.height, composition_html: cardFixture.html, placeholders: cardFixture.placeholders };
    const native = await template({ ...card, engine: 'native' });
    expect(native.engine_decision.engine).toBe('native');
    const chromium = await template({ ...card, engine: 'chromium' });
    const [n, c] = [await renderSync(native.id, cardFixture.modifications), await renderSync(chromium.id, cardFixture.modifications)];
    expect(n.image_metadata).toMatchObject({ engine: 'native', engine_version: expect.stringMatching(/^takumi /), width: 1080, height: 1080, format: 'png' });
    expect(c.image_metadata).toMatchObject({ engine: 'chromium', engine_version: expect.stringMatching(/^chromium /) });
    const [nBytes, cBytes] = [await bytesOf(n.result_url), await bytesOf(c.result_url)];
    expect(nBytes.length).toBeLessThanOrEqual(cBytes.length);
    const [np, cp] = [decodePng(nBytes), decodePng(cBytes)];
    expect([np.width, np.height]).toEqual([1080, 1080]);
    // background gradient corners, inside the photo (SVG data: URL with a rounded clip), the badge fill
    for (const [x, y] of [[5, 5], [1070, 1070], [30, 700], [200, 200], [900, 150], [700, 560]] as const) {
      const [a, b] = [np.pixel(x, y), cp.pixel(x, y)];
      for (let ch = 0; ch < 3; ch++) expect({ x, y, ch, diff: Math.abs(a[ch]! - b[ch]!) <= 6 }).toEqual({ x, y, ch, diff: true });
    }
    // the photo's rounded corner is clipped to the page background in both
    expect(Math.abs(np.pixel(61, 61)[0]! - cp.pixel(61, 61)[0]!)).toBeLessThanOrEqual(24);
    const thumb = await sharp(await bytesOf(n.thumbnail_url)).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 320, 320]);
  });

  test('jpeg and webp come from the native engine at the template size', async () => {
    for (const format of ['jpeg', 'webp']) {
      const t = await template({ format, width: 300, height: 200, composition_html: '<div style="width:100%;height:100%;background:#2050d0"></div>', engine: 'native' });
      const r = await renderSync(t.id);
      expect(r.image_metadata).toMatchObject({ engine: 'native', format });
      const { data, info } = await sharp(await bytesOf(r.result_url)).raw().toBuffer({ resolveWithObject: true });
      expect([info.format, info.width, info.height]).toEqual(['raw', 300, 200]);
      const [rr, gg, bb] = [data[0]!, data[1]!, data[2]!];
      expect(Math.abs(rr - 0x20) + Math.abs(gg - 0x50) + Math.abs(bb - 0xd0)).toBeLessThan(12);
    }
  });

  test('an uploaded image (asset://) reaches the engine as bytes; the preview of the version is the same engine', async () => {
    const up = await org.api.post('/v1/assets', solidPng(10, 10, [250, 10, 10]), { 'content-type': 'image/png' });
    expect(up.status).toBe(201);
    const t = await template({
      width: 100,
      height: 100,
      composition_html: `<img src="asset://${up.body.id}" style="display:block;width:50px;height:50px">`,
      engine: 'native',
    });
    const r = await renderSync(t.id);
    const png = decodePng(await bytesOf(r.result_url));
    expect(png.pixel(25, 25).slice(0, 3)).toEqual([250, 10, 10]);
    expect(png.pixel(75, 75).slice(0, 3)).toEqual([255, 255, 255]);
    // takumi is deterministic: the preview of the saved version is byte for byte the native render
    expect(r.image_metadata.sha256).toBe(crypto.createHash('sha256').update(await previewBytesOf(t.id)).digest('hex'));
  });

  /** The preview's raw bytes (the JSON client reads text; fetch the body as bytes). */
  const previewBytesOf = async (templateId: string) => {
    const res = await fetch(`${stackInfo().apiUrl}/v1/previews`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ template_id: templateId }),
    });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };
});
