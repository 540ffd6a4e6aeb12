import { closeTestDb, newOrg, solidPng, testDb, waitFor, waitForCollection, type TestOrg } from '../index';

// A real image collection sums its items' warnings in GET and in the collection.completed webhook payload.
const HTML = `<div data-placeholder="name" style="width:150px;height:30px;font:bold 24px 'DejaVu Sans',sans-serif;white-space:nowrap">x</div>
<img data-placeholder="photo" style="width:40px;height:40px" src="">`;

describe('collection warnings', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await newOrg();
  });
  afterAll(closeTestDb);

  test('GET and the webhook payload list the items with warnings and count them by code', async () => {
    const tpl = await org.api.post('/v1/templates', {
      name: 'Warned collection',
      type: 'image',
      width: 160,
      height: 80,
      composition_html: HTML,
      placeholders: [
        { name: 'name', type: 'text', default: 'x' },
        { name: 'photo', type: 'image', default: null },
      ],
    });
    expect({ status: tpl.status, text: tpl.status === 201 ? '' : tpl.text }).toEqual({ status: 201, text: '' });
    const dot = `data:image/png;base64,${solidPng(1, 1, [0, 0, 0]).toString('base64')}`;
    const hook = await org.api.post('/v1/webhooks', { url: 'https://hooks.example.com/c', events: ['collection.completed'] });
    expect(hook.status).toBe(201);
    const res = await org.api.post('/v1/collections', {
      template_id: tpl.body.id,
      items: [
        { modifications: [{ name: 'name', text: 'Ada' }, { name: 'photo', image_url: dot }] },
        { modifications: [{ name: 'name', text: 'Ada' }] },
        { modifications: [{ name: 'name', text: 'Augusta Ada King-Noel, Countess' }, { name: 'photo', image_url: dot }] },
      ],
    });
    expect(res.status).toBe(202);
    const done = await waitForCollection(org, res.body.id, 120_000);
    expect(done.status).toBe('completed');
    const codes = done.items.map((i: any) => i.warnings.map((w: any) => w.code));
    // a 1x1 photo drawn at 40x40 is upscaled in every item that has it
    expect(codes).toEqual([['image_upscaled'], ['image_missing'], ['text_overflow', 'image_upscaled']]);
    expect(done.warnings_count).toEqual({ image_upscaled: 2, image_missing: 1, text_overflow: 1 });
    expect(done.items_with_warnings).toEqual([0, 1, 2]);

    const payload = await waitFor(
      async () => (await testDb()('webhook_deliveries').where({ org_id: org.orgId, event_type: 'collection.completed' }).first())?.payload ?? null,
      { timeoutMs: 30_000, what: 'the collection.completed delivery' },
    );
    expect(payload.data.warnings_count).toEqual(done.warnings_count);
    expect(payload.data.items[2].warnings).toEqual(done.items[2].warnings);
  });
});
