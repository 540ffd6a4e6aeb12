import { closeTestDb, newOrg, testDb, type TestOrg } from '../index';
import { expectFieldError, expectNewestFirstOnce, expectNotFound, expectOk, readAllPages, str } from './resource-test-kit';

const base = { name: 'Card', type: 'image', width: 100, height: 100, composition_html: '<div data-placeholder="title">x</div>' };

describe('templates', () => {
  let a: TestOrg;
  let b: TestOrg;
  beforeAll(async () => {
    [a, b] = await Promise.all([newOrg(), newOrg()]);
  });
  afterAll(closeTestDb);

  const create = async (over: Record<string, unknown> = {}) => expectOk(await a.api.post('/v1/templates', { ...base, ...over }), 201).body;

  test('create applies the documented defaults and makes version 1', async () => {
    const res = expectOk(await a.api.post('/v1/templates', base), 201);
    expect(res.headers.get('location')).toBe(`/v1/templates/${res.body.id}`);
    expect(res.body).toMatchObject({
      org_id: a.orgId,
      project_id: a.orgId,
      format: 'png',
      video_strategy: 'auto',
      canvas_data: {},
      placeholders: [],
      is_published: false,
      current_version: 1,
    });
    const video = await create({ type: 'video', canvas_data: { duration_seconds: 2.5, fps: 24 } });
    expect(video.format).toBe('mp4');
    const project = '00000000-0000-4000-8000-000000000001';
    expect((await create({ project_id: project, format: 'webp', video_strategy: 'begin-frame' })).project_id).toBe(project);
    expect(expectOk(await a.api.get(`/v1/templates/${res.body.id}/versions`)).body.map((v: any) => v.version)).toEqual([1]);
  });

  test('create requires name, type, width, height, and composition_html unless canvas_data holds a design', async () => {
    const res = await a.api.post('/v1/templates', {});
    for (const f of ['name', 'type', 'width', 'height']) expectFieldError(res, f);
    // the schema cannot tell a hand-written template from a designed one (docs/templates.md): the service names it
    const handWritten = await a.api.post('/v1/templates', { name: 'no html', type: 'image', width: 100, height: 100 });
    expectFieldError(handWritten, 'composition_html');
  });

  test('name 2..120 and width/height 16..8192 at their edges, on create and update', async () => {
    const t = await create();
    const cases: [Record<string, unknown>, string | null][] = [
      [{ name: str(2) }, null],
      [{ name: str(120) }, null],
      [{ name: str(1) }, 'name'],
      [{ name: str(121) }, 'name'],
      [{ width: 16, height: 16 }, null],
      // each edge may reach 8192; their product is capped by MAX_IMAGE_PIXELS (test/src/security/caps.test.ts)
      [{ width: 8192, height: 16 }, null],
      [{ width: 16, height: 8192 }, null],
      [{ width: 15 }, 'width'],
      [{ width: 8193 }, 'width'],
      [{ height: 15 }, 'height'],
      [{ height: 8193 }, 'height'],
      [{ width: 100.5 }, 'width'],
    ];
    await Promise.all(
      cases.map(async ([over, field]) => {
        const created = await a.api.post('/v1/templates', { ...base, ...over });
        const updated = await a.api.patch(`/v1/templates/${t.id}`, over);
        if (field) {
          expectFieldError(created, field);
          expectFieldError(updated, field);
        } else {
          expectOk(created, 201);
          expectOk(updated);
        }
      }),
    );
  });

  test('rejects unknown fields, a type change, a format that does not fit the type, and bad video defaults', async () => {
    const t = await create();
    expectFieldError(await a.api.post('/v1/templates', { ...base, colour: 'red' }), 'colour');
    expect((await a.api.post('/v1/templates', { ...base, colour: 'red' })).body.error.details[0].message).toBe('is not allowed');
    expectFieldError(await a.api.patch(`/v1/templates/${t.id}`, { type: 'video' }), 'type');
    expectFieldError(await a.api.patch(`/v1/templates/${t.id}`, { is_published: true }), 'is_published');
    expectFieldError(await a.api.post('/v1/templates', { ...base, format: 'mp4' }), 'format');
    expectFieldError(await a.api.post('/v1/templates', { ...base, type: 'video', format: 'png' }), 'format');
    expectFieldError(await a.api.patch(`/v1/templates/${t.id}`, { format: 'gif' }), 'format');
    expectFieldError(await a.api.post('/v1/templates', { ...base, type: 'gif' }), 'type');
    expectFieldError(await a.api.post('/v1/templates', { ...base, video_strategy: 'fast' }), 'video_strategy');
    expectFieldError(await a.api.post('/v1/templates', { ...base, canvas_data: [] }), 'canvas_data');
    const video = { ...base, type: 'video' };
    expectFieldError(await a.api.post('/v1/templates', { ...video, canvas_data: { duration_seconds: 61 } }), 'canvas_data.duration_seconds');
    expectFieldError(await a.api.post('/v1/templates', { ...video, canvas_data: { fps: 9 } }), 'canvas_data.fps');
    expectFieldError(await a.api.post('/v1/templates', { ...video, canvas_data: { fps: 30.5 } }), 'canvas_data.fps');
  });

  test('placeholders: unique names, known types, defaults that fit the type', async () => {
    const good = [
      { name: 'title', type: 'text', default: 'Hello' },
      { name: 'photo', type: 'image', default: 'asset://6f1c2a8e-1d7b-4a43-9a55-0c3f7f3b2d10' },
      { name: 'logo', type: 'image', default: 'https://example.com/logo.png' },
      { name: 'pixel', type: 'image', default: 'data:image/png;base64,iVBORw0KGgo=' },
      { name: 'bg', type: 'color', default: 'rgb(10, 20, 30)' },
      { name: 'fg', type: 'color', default: '#ABCDEF' },
      { name: 'accent', type: 'color', default: 'rebeccapurple' },
      { name: 'score.v1', type: 'number', default: 3.5, format: '0.0' },
      { name: 'empty', type: 'text', default: null },
      { name: 'bare', type: 'number' },
    ];
    const t = await create({ placeholders: good });
    expect(t.placeholders).toHaveLength(good.length);
    expect(t.placeholders[9]).toEqual({ name: 'bare', type: 'number', default: null, format: null });

    const bad: [unknown[], string][] = [
      [[{ name: 'a', type: 'text' }, { name: 'a', type: 'number' }], 'placeholders[1].name'],
      [[{ name: 'has space', type: 'text' }], 'placeholders[0].name'],
      [[{ name: str(65), type: 'text' }], 'placeholders[0].name'],
      [[{ name: 'a', type: 'video' }], 'placeholders[0].type'],
      [[{ name: 'a', type: 'text', default: 5 }], 'placeholders[0].default'],
      [[{ name: 'a', type: 'number', default: '5' }], 'placeholders[0].default'],
      [[{ name: 'a', type: 'color', default: 'not-a-colour' }], 'placeholders[0].default'],
      [[{ name: 'a', type: 'image', default: 'ftp://example.com/x.png' }], 'placeholders[0].default'],
      [[{ name: 'a', type: 'image', default: 'asset://not-a-uuid' }], 'placeholders[0].default'],
      [[{ name: 'a', type: 'text', extra: 1 }], 'placeholders[0].extra'],
      [[{ type: 'text' }], 'placeholders[0].name'],
    ];
    await Promise.all(
      bad.map(async ([placeholders, field]) => {
        expectFieldError(await a.api.post('/v1/templates', { ...base, placeholders }), field);
        expectFieldError(await a.api.patch(`/v1/templates/${t.id}`, { placeholders }), field);
      }),
    );
    expect(expectOk(await a.api.get(`/v1/templates/${t.id}`)).body.current_version).toBe(1);
  });

  test('content changes make versions, renames and equal values do not; snapshots stay readable', async () => {
    const t = await create({ placeholders: [{ name: 'title', type: 'text', default: 'A' }], canvas_data: { a: 1, b: 2 } });
    const patch = async (body: Record<string, unknown>) => expectOk(await a.api.patch(`/v1/templates/${t.id}`, body)).body;

    const renamed = await patch({ name: 'Renamed' });
    expect(renamed).toMatchObject({ name: 'Renamed', current_version: 1 });
    expect(Date.parse(renamed.updated_at)).toBeGreaterThanOrEqual(Date.parse(t.updated_at));
    // same values (key order differs in canvas_data) change nothing, not even updated_at
    const same = await patch({ width: 100, canvas_data: { b: 2, a: 1 }, placeholders: [{ name: 'title', type: 'text', default: 'A' }] });
    expect(same.current_version).toBe(1);
    expect(same.updated_at).toBe(renamed.updated_at);

    expect((await patch({ width: 300 })).current_version).toBe(2);
    expect((await patch({ composition_html: '<p>v3</p>', name: 'Both' })).current_version).toBe(3);
    expect((await patch({ placeholders: [] })).current_version).toBe(4);
    expect((await patch({ canvas_data: { a: 2 } })).current_version).toBe(5);
    expect((await patch({ format: 'jpeg' })).current_version).toBe(6);
    expect((await patch({ video_strategy: 'begin-frame' })).current_version).toBe(7);
    expect((await patch({ height: 50 })).current_version).toBe(8);

    const v1 = expectOk(await a.api.get(`/v1/templates/${t.id}/versions/1`)).body;
    expect(v1).toMatchObject({ template_id: t.id, version: 1, width: 100, height: 100, format: 'png', composition_html: base.composition_html });
    expect(v1.placeholders).toEqual([{ name: 'title', type: 'text', default: 'A', format: null }]);
    expect(expectOk(await a.api.get(`/v1/templates/${t.id}/versions/3`)).body).toMatchObject({ width: 300, composition_html: '<p>v3</p>' });
    expect((await a.api.get(`/v1/templates/${t.id}/versions/9`)).status).toBe(404);

    const { items, pages } = await readAllPages(a.api, `/v1/templates/${t.id}/versions`, 3);
    expect(items.map((v) => v.version)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(pages).toBe(3);
  });

  test('concurrent content updates each get their own version', async () => {
    const t = await create();
    const widths = [201, 202, 203, 204, 205, 206];
    const results = await Promise.all(widths.map((width) => a.api.patch(`/v1/templates/${t.id}`, { width })));
    const versions = results.map((r) => expectOk(r).body.current_version).sort((x, y) => x - y);
    expect(versions).toEqual([2, 3, 4, 5, 6, 7]);
    const list = expectOk(await a.api.get(`/v1/templates/${t.id}/versions?limit=100`)).body;
    expect(list.map((v: any) => v.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const final = expectOk(await a.api.get(`/v1/templates/${t.id}`)).body;
    expect(final.width).toBe(list[0].width);
  });

  test('publish and unpublish', async () => {
    const t = await create();
    expect(expectOk(await a.api.post(`/v1/templates/${t.id}/publish`)).body).toMatchObject({ is_published: true, current_version: 1 });
    expect(expectOk(await a.api.post(`/v1/templates/${t.id}/publish`)).body.is_published).toBe(true);
    const published = expectOk(await a.api.get(`/v1/templates?is_published=true&limit=100`)).body;
    expect(published.map((x: any) => x.id)).toContain(t.id);
    expect(expectOk(await a.api.post(`/v1/templates/${t.id}/unpublish`)).body.is_published).toBe(false);
  });

  test('delete is soft: gone from reads, lists and versions; the row stays', async () => {
    const t = await create();
    expect((await a.api.delete(`/v1/templates/${t.id}`)).status).toBe(204);
    expect((await a.api.get(`/v1/templates/${t.id}`)).status).toBe(404);
    expect((await a.api.patch(`/v1/templates/${t.id}`, { name: 'zombie' })).status).toBe(404);
    expect((await a.api.post(`/v1/templates/${t.id}/publish`)).status).toBe(404);
    expect((await a.api.delete(`/v1/templates/${t.id}`)).status).toBe(404);
    const { items } = await readAllPages(a.api, '/v1/templates', 100);
    expect(items.map((x) => x.id)).not.toContain(t.id);
    expect((await a.api.get(`/v1/templates/${t.id}/versions/1`)).status).toBe(404);
    expect((await a.api.get(`/v1/templates/${t.id}/versions`)).status).toBe(404);
    const row = await testDb()('templates').where({ id: t.id }).first();
    expect(row.deleted_at).not.toBeNull();
    const [{ count }] = await testDb()('template_versions').where({ template_id: t.id }).count<{ count: string }[]>('* as count');
    expect(Number(count)).toBe(1);
  });

  test("another org's template answers 404 everywhere", async () => {
    const t = await create();
    const paths: [string, string, unknown?][] = [
      ['GET', `/v1/templates/${t.id}`],
      ['PATCH', `/v1/templates/${t.id}`, { name: 'stolen' }],
      ['DELETE', `/v1/templates/${t.id}`],
      ['POST', `/v1/templates/${t.id}/publish`],
      ['GET', `/v1/templates/${t.id}/versions`],
      ['GET', `/v1/templates/${t.id}/versions/1`],
    ];
    for (const [method, path, body] of paths) expectNotFound(await b.api.request(method, path, body));
    expect(expectOk(await b.api.get('/v1/templates')).body).toEqual([]);
    expect(expectOk(await a.api.get(`/v1/templates/${t.id}`)).body.name).toBe('Card');
  });

  test('list: newest first, every item exactly once across cursor pages, filters', async () => {
    const org = await newOrg();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const body = { ...base, name: `T${i}`, type: i % 2 ? 'video' : 'image' };
      ids.push(expectOk(await org.api.post('/v1/templates', body), 201).body.id);
    }
    const { items, pages } = await readAllPages(org.api, '/v1/templates', 3);
    expect(pages).toBe(3);
    expectNewestFirstOnce(items, ids);
    const videos = expectOk(await org.api.get('/v1/templates?type=video')).body;
    expect(videos.map((x: any) => x.name)).toEqual(['T5', 'T3', 'T1']);
    expectFieldError(await org.api.get('/v1/templates?limit=0'), 'limit');
    expectFieldError(await org.api.get('/v1/templates?limit=101'), 'limit');
    expectFieldError(await org.api.get('/v1/templates?cursor=garbage'), 'cursor');
  });
});
