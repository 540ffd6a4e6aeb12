import { closeTestDb, newOrg, recordFigures, solidPng, testDb, type TestOrg } from '../index';

// A 200-person preflight of a birthday card against the real stack: every item is laid out on the render worker and
// answered with its warnings; nothing is stored (no collection, no render row, no object) and nothing is delivered.
const HTML = `<div data-placeholder="name" style="position:absolute;left:10px;top:10px;width:300px;height:40px;font:bold 30px 'DejaVu Sans',sans-serif;white-space:nowrap">x</div>
<img data-placeholder="photo" style="position:absolute;left:10px;top:60px;width:120px;height:120px" src="">`;
const PEOPLE = 200;

describe('collection preflight', () => {
  let org: TestOrg;
  let templateId: string;
  const longName = (i: number) => i % 10 === 3;
  const noPhoto = (i: number) => i % 7 === 5;

  beforeAll(async () => {
    org = await newOrg();
    const tpl = await org.api.post('/v1/templates', {
      name: 'Birthday',
      type: 'image',
      width: 320,
      height: 200,
      composition_html: HTML,
      placeholders: [
        { name: 'name', type: 'text', default: 'x' },
        { name: 'photo', type: 'image', default: null },
      ],
    });
    expect(tpl.status).toBe(201);
    templateId = tpl.body.id;
    const photo = await org.api.post('/v1/assets', solidPng(120, 120, [0, 128, 0]), { 'content-type': 'image/png' });
    expect(photo.status).toBe(201);
    for (let i = 0; i < PEOPLE; i++) {
      const first = longName(i) ? `Maximiliane-Josephine Alexandra ${i}` : `P${i}`;
      const res = await org.api.post('/v1/people', { first_name: first, external_id: `e${i}`, ...(noPhoto(i) ? {} : { photo_asset_id: photo.body.id }) });
      expect(res.status).toBe(201);
    }
    const hook = await org.api.post('/v1/webhooks', { url: 'https://hooks.example.com/preflight', events: ['*'] });
    expect(hook.status).toBe(201);
  });
  afterAll(closeTestDb);

  test('200 people: the right items flagged, nothing stored, nothing delivered', async () => {
    const started = Date.now();
    const res = await org.api.post('/v1/collections/from-people', {
      template_id: templateId,
      people: {},
      mapping: { name: '{first_name}', photo: '{photo}' },
      preflight: true,
    });
    const wallMs = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'collection_preflight', total: PEOPLE });
    const people = (await org.api.get('/v1/people?limit=100')).body.length; // sanity: the org has its people
    expect(people).toBe(100);

    // items are ordered oldest person first, i.e. in creation order i = 0..199
    const expected = Array.from({ length: PEOPLE }, (_, i) => i).filter((i) => longName(i) || noPhoto(i));
    expect(res.body.items_with_warnings).toEqual(expected);
    for (const item of res.body.items) {
      const want = [...(longName(item.index) ? ['text_overflow:name'] : []), ...(noPhoto(item.index) ? ['image_missing:photo'] : [])];
      expect({ index: item.index, codes: item.warnings.map((w: any) => `${w.code}:${w.placeholder}`) }).toEqual({ index: item.index, codes: want });
      expect(item.metadata.person_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(item.error).toBeNull();
    }
    expect(res.body.warnings_count).toEqual({
      text_overflow: expected.filter(longName).length,
      image_missing: expected.filter(noPhoto).length,
    });

    // nothing stored and nothing delivered
    const db = testDb();
    const [collections, renders, deliveries] = await Promise.all([
      db('collections').where({ org_id: org.orgId }).count<{ count: string }[]>('* as count'),
      db('renders').where({ org_id: org.orgId }).count<{ count: string }[]>('* as count'),
      db('webhook_deliveries').where({ org_id: org.orgId }).count<{ count: string }[]>('* as count'),
    ]);
    expect([collections[0]!.count, renders[0]!.count, deliveries[0]!.count].map(Number)).toEqual([0, 0, 0]);
    // the worker's own time is part of the request's
    expect(res.body.duration_ms).toBeLessThanOrEqual(wallMs);
    recordFigures('preflight-200-people', { items: PEOPLE, wall_ms: wallMs, worker_ms: res.body.duration_ms, ms_per_item: Math.round(res.body.duration_ms / PEOPLE) });
  });

  test('POST /v1/collections with preflight: true answers the items it was given', async () => {
    const res = await org.api.post('/v1/collections', {
      template_id: templateId,
      items: [
        { modifications: [{ name: 'name', text: 'Ada' }] },
        { modifications: [{ name: 'name', text: 'Ada \u{10000}' }], metadata: { filename: 'b.png' } },
        // a host that does not resolve: the real render would fail with asset_unreachable, the preflight says image_failed
        { modifications: [{ name: 'name', text: 'Ada' }, { name: 'photo', image_url: 'https://photos.invalid/ada.png' }] },
      ],
      preflight: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: any) => i.warnings.map((w: any) => w.code))).toEqual([['image_missing'], ['glyph_missing', 'image_missing'], ['image_failed']]);
    expect(res.body.items[2].warnings[0].placeholder).toBe('photo');
    expect(res.body.items[1].metadata).toEqual({ filename: 'b.png' });
  });
});
