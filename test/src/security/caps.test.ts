import crypto from 'node:crypto';
import { apiEnvSchema } from '@rp/api';
import { closeTestDb, createCardTemplate, fieldsOf, newOrg, stackControl, testDb, waitFor, type TestOrg } from '../index';

jest.setTimeout(5 * 60_000);

// Size and share caps, each a setting with a default (docs/security.md), checked when a template is saved and when
// a render is asked for. The defaults are read from the API's config schema, so the test follows them.
const DEFAULT = (name: string) => (apiEnvSchema.properties as unknown as Record<string, { default?: number }>)[name]!.default!;

describe('render caps', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await newOrg();
  });
  afterAll(closeTestDb);

  /** `n` renders of the org not yet final, as a burst would leave them ('rendering': the sweeper restarts only 'pending'). */
  const fillPending = async (orgId: string, templateId: string, n: number) => {
    const rows = Array.from({ length: n }, () => ({ id: crypto.randomUUID(), org_id: orgId, kind: 'image', template_id: templateId, template_version: 1, status: 'rendering' }));
    await testDb().batchInsert('renders', rows, 500);
    return () => testDb()('renders').whereIn('id', rows.map((r) => r.id)).delete();
  };
  const pendingOf = async (orgId: string) =>
    Number((await testDb()('renders').where({ org_id: orgId }).whereIn('status', ['pending', 'rendering']).count<{ n: string }[]>({ n: '*' }))[0]!.n);

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
    const cleanup = await fillPending(busy.orgId, tpl.id, cap);
    try {
      const image = await busy.api.post('/v1/images', { template_id: tpl.id });
      expect({ status: image.status, code: image.body.error?.code, fields: fieldsOf(image) }).toEqual({ status: 429, code: 'too_many_pending_renders', fields: ['MAX_PENDING_RENDERS_PER_ORG'] });
      expect(image.headers.get('retry-after')).toBeTruthy();
      const col = await busy.api.post('/v1/collections', { template_id: tpl.id, items: [{ modifications: [] }] });
      expect(col.status).toBe(429);
      const other = await createCardTemplate(org.api);
      expect((await org.api.post('/v1/images', { template_id: other.id })).status).toBe(202);
    } finally {
      await cleanup();
    }
    expect((await busy.api.post('/v1/images', { template_id: tpl.id })).status).toBe(202);
  });

  test('concurrent requests at the pending cap never over-admit: exactly the room left is accepted', async () => {
    const cap = DEFAULT('MAX_PENDING_RENDERS_PER_ORG');
    const busy = await newOrg();
    const tpl = await createCardTemplate(busy.api);
    const room = 3;
    const cleanup = await fillPending(busy.orgId, tpl.id, cap - room);
    // with the render worker stopped nothing admitted can finish during the burst, so the org's count only grows
    await stackControl.stop('render-worker');
    try {
      const burst = await Promise.all(Array.from({ length: 24 }, () => busy.api.post('/v1/images', { template_id: tpl.id })));
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((st) => st === 202)).toHaveLength(room);
      for (const r of burst.filter((x) => x.status !== 202)) {
        expect({ status: r.status, code: r.body.error?.code }).toEqual({ status: 429, code: 'too_many_pending_renders' });
      }
      expect(await pendingOf(busy.orgId)).toBe(cap);
      // collections take the same lock: with room for 3, one 2-item collection fits and every other is refused whole
      await cleanup();
      const again = await fillPending(busy.orgId, tpl.id, cap - (await pendingOf(busy.orgId)) - 3);
      const cols = await Promise.all(Array.from({ length: 6 }, () => busy.api.post('/v1/collections', { template_id: tpl.id, items: [{}, {}] })));
      expect(cols.map((r) => r.status).filter((st) => st !== 429)).toHaveLength(1);
      expect(await pendingOf(busy.orgId)).toBeLessThanOrEqual(cap);
      await again();
    } finally {
      await cleanup();
      await stackControl.start('render-worker');
    }
  });

  test('a scheduled run that would pass the pending cap is recorded failed with the cap code; nothing is stored', async () => {
    const cap = DEFAULT('MAX_PENDING_RENDERS_PER_ORG');
    const busy = await newOrg();
    const tpl = await createCardTemplate(busy.api);
    expect((await busy.api.post('/v1/people', { first_name: 'Ada' })).status).toBe(201);
    const schedule = await busy.api.post('/v1/schedules', { name: 'Cap', template_id: tpl.id, people: {}, mapping: { title: 'Hi {first_name}' }, at: '03:00', timezone: 'UTC' });
    expect(schedule.status).toBe(201);
    const cleanup = await fillPending(busy.orgId, tpl.id, cap);
    try {
      expect((await busy.api.post(`/v1/schedules/${schedule.body.id}/trigger`, {})).status).toBeLessThan(300);
      const runs = await waitFor(
        async () => {
          const list = (await busy.api.get(`/v1/schedules/${schedule.body.id}/runs`)).body as any[];
          return list.length ? list : null;
        },
        { timeoutMs: 120_000, everyMs: 1000, what: 'the triggered run' },
      );
      expect(runs[0]).toMatchObject({ status: 'failed', collection_id: null, matched: 1, error: { code: 'too_many_pending_renders' } });
      expect(runs[0].error.message).toMatch(/MAX_PENDING_RENDERS_PER_ORG \(\d+\)/);
      const [{ n: collections }] = await testDb()('collections').where({ org_id: busy.orgId }).count<{ n: string }[]>({ n: '*' });
      expect(Number(collections)).toBe(0);
      expect(await pendingOf(busy.orgId)).toBe(cap);
    } finally {
      await cleanup();
      await busy.api.delete(`/v1/schedules/${schedule.body.id}`);
    }
  });
});
