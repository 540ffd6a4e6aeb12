import { closeTestDb, decodePng, fetchBytes, jpegSize, newOrg, readZip, waitForCollection, type TestOrg } from '../index';

// Size variants against the real stack: one request, one record, one decoded output per declared size.
const HTML = `<div style="position:absolute;inset:0;background:#0000ff"></div>
<div data-placeholder="title" style="position:absolute;left:0;top:0;width:100%;height:50%;background:#ff0000;font:bold 20px sans-serif">x</div>`;

describe('size variants', () => {
  let org: TestOrg;
  let templateId: string;
  beforeAll(async () => {
    org = await newOrg();
    const tpl = await org.api.post('/v1/templates', {
      name: 'Social post',
      type: 'image',
      format: 'png',
      width: 200,
      height: 100,
      composition_html: HTML,
      placeholders: [{ name: 'title', type: 'text', default: 'x' }],
      canvas_data: {
        variants: [
          { name: 'square', width: 120, height: 120 },
          { name: 'story', width: 90, height: 160 },
          { name: 'banner', width: 300, height: 60, format: 'jpeg' },
        ],
      },
    });
    expect({ status: tpl.status, text: tpl.status === 201 ? '' : tpl.text }).toEqual({ status: 201, text: '' });
    templateId = tpl.body.id;
  });
  afterAll(closeTestDb);

  test('three variants: three decoded outputs of the declared sizes, result_url is the first', async () => {
    const res = await org.api.post(
      '/v1/images',
      { template_id: templateId, modifications: [{ name: 'title', text: 'Hi' }], variants: ['story', 'square', 'banner'] },
      { prefer: 'wait=60' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', variants: ['story', 'square', 'banner'] });
    expect(res.body.outputs.map((o: any) => [o.variant, o.width, o.height, o.format])).toEqual([
      ['story', 90, 160, 'png'],
      ['square', 120, 120, 'png'],
      ['banner', 300, 60, 'jpeg'],
    ]);
    for (const o of res.body.outputs.slice(0, 2)) {
      const png = decodePng((await fetchBytes(o.result_url)).body);
      expect([png.width, png.height]).toEqual([o.width, o.height]);
      // the same design laid out at each size: red top half, blue bottom half
      expect(png.pixel(o.width - 2, 2).slice(0, 3)).toEqual([255, 0, 0]);
      expect(png.pixel(o.width - 2, o.height - 2).slice(0, 3)).toEqual([0, 0, 255]);
      expect((await fetchBytes(o.thumbnail_url)).status).toBe(200);
    }
    const banner = await fetchBytes(res.body.outputs[2].result_url);
    expect(banner.type).toBe('image/jpeg');
    expect(jpegSize(banner.body)).toEqual({ width: 300, height: 60 });
    const first = decodePng((await fetchBytes(res.body.result_url)).body);
    expect([first.width, first.height]).toEqual([90, 160]);
  });

  test('an unknown or repeated variant, and a variant over the size cap, answer 422 naming it', async () => {
    const res = await org.api.post('/v1/images', { template_id: templateId, variants: ['square', 'poster', 'square'] });
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d: any) => d.field)).toEqual(['variants[1]', 'variants[2]']);
    const big = await org.api.post('/v1/templates', {
      name: 'Too big',
      type: 'image',
      width: 100,
      height: 100,
      composition_html: '<p>x</p>',
      canvas_data: { variants: [{ name: 'huge', width: 8192, height: 8192 }] },
    });
    expect(big.status).toBe(422);
    expect(big.body.error.details.map((d: any) => d.field)).toEqual(['canvas_data.variants[0]']);
  });

  test('a collection with variants zips every variant of every item in a folder per variant', async () => {
    const res = await org.api.post('/v1/collections', {
      template_id: templateId,
      items: [{ modifications: [{ name: 'title', text: 'A' }] }, { modifications: [{ name: 'title', text: 'B' }], metadata: { filename: 'bee' } }],
      variants: ['square', 'banner'],
    });
    expect(res.status).toBe(202);
    const done = await waitForCollection(org, res.body.id, 120_000);
    expect(done).toMatchObject({ status: 'completed', completed: 2 });
    const zip = await readZip((await fetchBytes(done.zip_url)).body);
    expect([...zip.keys()].sort()).toEqual(['banner/000.jpg', 'banner/001-bee.jpg', 'square/000.png', 'square/001-bee.png']);
    const square = decodePng(zip.get('square/001-bee.png')!);
    expect([square.width, square.height]).toEqual([120, 120]);
    expect(jpegSize(zip.get('banner/000.jpg')!)).toEqual({ width: 300, height: 60 });
    const item = await org.api.get(`/v1/images/${done.items[1].render_id}`);
    expect(item.body.outputs.map((o: any) => o.variant)).toEqual(['square', 'banner']);
  });
});
