import { closeTestDb, newOrg, testDb, type TestOrg } from '../index';

// A preflight that asks for size variants lays each item out at every variant: a name that fits the wide square
// overflows the narrow story, and only there is it flagged (named by its variant). Nothing is stored.
const HTML = `<div data-placeholder="name" style="position:absolute;left:5px;top:5px;right:5px;height:40px;font:bold 24px 'DejaVu Sans',sans-serif;white-space:nowrap">x</div>`;

describe('collection preflight with size variants', () => {
  let org: TestOrg;
  let templateId: string;
  beforeAll(async () => {
    org = await newOrg();
    const tpl = await org.api.post('/v1/templates', {
      name: 'Post',
      type: 'image',
      format: 'png',
      width: 400,
      height: 400,
      composition_html: HTML,
      placeholders: [{ name: 'name', type: 'text', default: 'x' }],
      canvas_data: { variants: [{ name: 'square', width: 400, height: 400 }, { name: 'story', width: 120, height: 400 }] },
    });
    expect({ status: tpl.status, text: tpl.status === 201 ? '' : tpl.text }).toEqual({ status: 201, text: '' });
    templateId = tpl.body.id;
  });
  afterAll(closeTestDb);

  test('each item at each variant: the long name overflows only the story', async () => {
    const items = [{ modifications: [{ name: 'name', text: 'Ada' }] }, { modifications: [{ name: 'name', text: 'Augusta Lovelace' }] }];
    const res = await org.api.post('/v1/collections', { template_id: templateId, items, variants: ['square', 'story'], preflight: true });
    expect({ status: res.status, text: res.status === 200 ? '' : res.text }).toEqual({ status: 200, text: '' });
    expect(res.body).toMatchObject({ object: 'collection_preflight', total: 2, items_with_warnings: [1], warnings_count: { text_overflow: 1 } });
    expect(res.body.items[0].warnings).toEqual([]);
    expect(res.body.items[1].warnings).toEqual([expect.objectContaining({ code: 'text_overflow', placeholder: 'name', message: expect.stringMatching(/^\[story\] /) })]);
    // without variants the template's own size (400 wide): nothing overflows
    const plain = await org.api.post('/v1/collections', { template_id: templateId, items, preflight: true });
    expect(plain.status).toBe(200);
    expect(plain.body.items_with_warnings).toEqual([]);
    const stored = await testDb()('collections').where({ org_id: org.orgId }).count<{ count: string }[]>('* as count');
    expect(Number(stored[0]!.count)).toBe(0);
  });

  test('an unknown variant is 422 on the variants field, as for the real collection', async () => {
    const res = await org.api.post('/v1/collections', { template_id: templateId, items: [{}], variants: ['banner'], preflight: true });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('variants[0]');
  });
});
