import { closeTestDb, fetchBytes, newOrg, readPdf, type TestOrg } from '../index';

// 400x300 CSS px = 300x225 pt. The box fills the left half of the top band; the title is real text.
const HTML = `<div data-placeholder="band" data-placeholder-prop="background" style="position:absolute;left:0;top:0;width:200px;height:120px;background:#0a64c8"></div>
<div data-placeholder="title" style="position:absolute;left:20px;top:160px;font:32px sans-serif;color:#111">Placeholder</div>`;

describe('pdf renders', () => {
  let org: TestOrg;
  let templateId: string;
  beforeAll(async () => {
    org = await newOrg();
    const res = await org.api.post('/v1/templates', {
      name: 'Print', type: 'image', format: 'pdf', width: 400, height: 300, composition_html: HTML,
      placeholders: [{ name: 'title', type: 'text', default: 'Placeholder' }, { name: 'band', type: 'color', default: '#0a64c8' }],
    });
    expect(res.status).toBe(201);
    templateId = res.body.id;
  });
  afterAll(closeTestDb);

  test('one vector page of the template size in points, text selectable, box colour printed', async () => {
    const res = await org.api.post(
      '/v1/images',
      { template_id: templateId, modifications: [{ name: 'title', text: 'Quarterly Report 2026' }, { name: 'band', color: '#c81e1e' }] },
      { Prefer: 'wait=60' },
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('completed');
    const file = await fetchBytes(res.body.result_url);
    expect(file.type).toBe('application/pdf');
    expect(file.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.body.image_metadata).toMatchObject({ format: 'pdf', width: 400, height: 300, pages: 1, bytes: file.body.length });
    const thumb = await fetchBytes(res.body.thumbnail_url);
    expect(thumb.type).toBe('image/jpeg');

    const pdf = await readPdf(file.body);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Quarterly Report 2026');
    expect(pdf.text).not.toContain('Placeholder');
    expect(Math.abs(pdf.widthPt - 300)).toBeLessThan(0.5);
    expect(Math.abs(pdf.heightPt - 225)).toBeLessThan(0.5);
    // rasterised at 72 dpi the page is 300x225 px; the band is the modification's colour
    expect([pdf.page.width, pdf.page.height]).toEqual([300, 225]);
    const [r, g, b] = pdf.page.mean(20, 20, 100, 50);
    expect(Math.abs(r - 0xc8) + Math.abs(g - 0x1e) + Math.abs(b - 0x1e)).toBeLessThan(12);
    const [wr, wg, wb] = pdf.page.mean(200, 20, 80, 50);
    expect(Math.min(wr, wg, wb)).toBeGreaterThan(245);
  });
});
