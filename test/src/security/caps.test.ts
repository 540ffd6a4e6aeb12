import crypto from 'node:crypto';
import { apiEnvSchema } from '@rp/api';
import { closeTestDb, createCardTemplate, fieldsOf, newOrg, testDb, type TestOrg } from '../index';

// Size and share caps, each a setting with a default (docs/security.md), checked when a template is saved and when
// a render is asked for. The defaults are read from the API's config schema, so the test follows them.
const DEFAULT = (name: string) => (apiEnvSchema.properties as unknown as Record<string, { default?: number }>)[name]!.default!;

describe('render caps', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await newOrg();
  });
  afterAll(closeTestDb);

  const template = (body: object) => org.api.post('/v1/templates', { name: 'Big', composition_html: '<p>x</p>', ...body });

  test('an image template over MAX_IMAGE_PIXELS answers 422 naming width and the limit, on create and on update', async () => {
    expect(DEFAULT('MAX_IMAGE_PIXELS')).toBe(4096 * 4096);
    const big = await template({ type: 'image', width: 8192, height: 8192 });
    expect({ status: big.status, fields: fieldsOf(big) }).toEqual({ status: 422, fields: ['width'] });
    expect(big.body.error.details[0].message).toMatch(/MAX_IMAGE_PIXELS \(16777216\)/);
    const ok = await template({ type: 'image', width: 4096, height: 4096 });
    expect(ok.status).toBe(201);
    const grown = await org.api.patch(`/v1/templates/${ok.body.id}`, { height: 4097 });
    expect({ status: grown.status, fields: fieldsOf(grown) }).toEqual({ status: 422, fields: ['width'] });
  });

  test('a video over MAX_VIDEO_PIXEL_FRAMES answers 422: at save (template defaults) and at render (request fields)', async () => {
    const huge = await template({ type: 'video', width: 4096, height: 4096, canvas_data: { fps: 60, duration_seconds: 60 } });
    expect({ status: huge.status, fields: fieldsOf(huge) }).toEqual({ status: 422, fields: ['canvas_data'] });
    expect(huge.body.error.details[0].message).toMatch(/MAX_VIDEO_PIXEL_FRAMES/);
    // 1080p at 30 fps for 60 s is exactly the default limit; 60 fps is twice that
    const hd = await template({ type: 'video', width: 1920, height: 1080, canvas_data: { fps: 10, duration_seconds: 5 } });
    expect(hd.status).toBe(201);
    const over = await org.api.post('/v1/videos', { template_id: hd.body.id, fps: 60, duration_seconds: 60 });
    expect({ status: over.status, fields: fieldsOf(over) }).toEqual({ status: 422, fields: ['duration_seconds'] });
    const fpsOnly = await org.api.post('/v1/videos', { template_id: hd.body.id, fps: 60, duration_seconds: 30.5 });
    expect(fpsOnly.status).toBe(422);
  });

  test('past MAX_PENDING_RENDERS_PER_ORG a render or collection answers 429 naming the limit; other orgs are unaffected', async () => {
    const cap = DEFAULT('MAX_PENDING_RENDERS_PER_ORG');
    const busy = await newOrg();
    const tpl = await createCardTemplate(busy.api);
    // renders not yet final, as a burst would leave them ('rendering': the sweeper only restarts 'pending' rows)
    const rows = Array.from({ length: cap }, () => ({ id: crypto.randomUUID(), org_id: busy.orgId, kind: 'image', template_id: tpl.id, template_version: 1, status: 'rendering' }));
    await testDb().batchInsert('renders', rows, 500);
    try {
      const image = await busy.api.post('/v1/images', { template_id: tpl.id });
      expect({ status: image.status, code: image.body.error?.code, fields: fieldsOf(image) }).toEqual({ status: 429, code: 'too_many_pending_renders', fields: ['MAX_PENDING_RENDERS_PER_ORG'] });
      expect(image.headers.get('retry-after')).toBeTruthy();
      const col = await busy.api.post('/v1/collections', { template_id: tpl.id, items: [{ modifications: [] }] });
      expect(col.status).toBe(429);
      const other = await createCardTemplate(org.api);
      expect((await org.api.post('/v1/images', { template_id: other.id })).status).toBe(202);
    } finally {
      await testDb()('renders').whereIn('id', rows.map((r) => r.id)).delete();
    }
    expect((await busy.api.post('/v1/images', { template_id: tpl.id })).status).toBe(202);
  });
});
