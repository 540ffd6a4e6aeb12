import {
  closeTestDb,
  killAndRestartAll,
  createCardTemplate,
  decodePng,
  diffPixels,
  fetchBytes,
  newOrg,
  solidPng,
  startFixtureServer,
  testDb,
  waitForRender,
  type FixtureServer,
  type TestOrg,
} from '../index';

// Image renders end to end: API -> Temporal -> render worker (Chromium) -> MinIO -> signed result URL.
describe('image renders', () => {
  let org: TestOrg;
  let templateId: string;
  let fixtures: FixtureServer;
  let slowHits = 0;
  beforeAll(async () => {
    org = await newOrg();
    templateId = (await createCardTemplate(org.api)).id;
    fixtures = await startFixtureServer((req, res) => {
      if (req.url?.startsWith('/slow')) {
        slowHits++;
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'image/png' });
          res.end(solidPng(50, 50, [0, 0, 255]));
        }, 4000);
        return;
      }
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(solidPng(50, 50, [0, 255, 0]));
    });
  });
  afterAll(async () => {
    await fixtures?.close();
    await closeTestDb();
  });

  const render = async (modifications: unknown[], extraHeaders: Record<string, string> = { prefer: 'wait=60' }) => {
    const res = await org.api.post('/v1/images', { template_id: templateId, modifications }, extraHeaders);
    expect([200, 202]).toContain(res.status);
    return res.status === 200 ? res.body : waitForRender(org.api, 'image', res.body.id);
  };
  const png = async (record: any) => {
    const file = await fetchBytes(record.result_url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/png');
    return decodePng(file.body);
  };

  test('sync mode answers 200 with a result_url that serves the PNG at the template size', async () => {
    const res = await org.api.post('/v1/images', { template_id: templateId, modifications: [] }, { prefer: 'wait=60' });
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('wait=60');
    expect(res.body).toMatchObject({ object: 'image', status: 'completed', template_version: 1 });
    expect(res.body.image_metadata).toMatchObject({ width: 400, height: 300, format: 'png' });
    const img = await png(res.body);
    expect([img.width, img.height]).toEqual([400, 300]);
    expect(res.body.image_metadata.bytes).toBeGreaterThan(100);
    // the render's own time, from the moment it started to the moment its row completed (both stamped by Postgres)
    expect(Number.isInteger(res.body.duration_ms)).toBe(true);
    expect(Math.abs(res.body.duration_ms - (Date.parse(res.body.completed_at) - Date.parse(res.body.started_at)))).toBeLessThanOrEqual(1);
    const thumb = await fetchBytes(res.body.thumbnail_url);
    expect(thumb.type).toBe('image/jpeg');
    expect(thumb.body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  test('without Prefer it answers 202 pending and completes asynchronously', async () => {
    const res = await org.api.post('/v1/images', { template_id: templateId });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ object: 'image', status: 'pending', result_url: null });
    const done = await waitForRender(org.api, 'image', res.body.id);
    expect(done.status).toBe('completed');
    expect(done.started_at).toBeTruthy();
    expect(Date.parse(done.completed_at)).toBeGreaterThanOrEqual(Date.parse(done.started_at));
  });

  test('a color modification shows up in pixels inside the placeholder box', async () => {
    const img = await png(await render([{ name: 'bg', color: '#ff0000' }]));
    const [r, g, b] = img.mean(20, 20, 360, 110);
    expect(r).toBeGreaterThan(240);
    expect(g).toBeLessThan(15);
    expect(b).toBeLessThan(15);
    // outside the box the default white title background is unchanged
    expect(img.mean(15, 235, 10, 3)[0]).toBeGreaterThan(200);
  });

  test('a text modification changes the pixels of the text box against the default', async () => {
    const a = await png(await render([]));
    const b = await png(await render([{ name: 'title', text: 'Different words here' }]));
    const changed = diffPixels(a, b);
    expect(changed).toBeGreaterThan(200);
    // the color box is untouched by a text change
    expect(a.mean(20, 20, 360, 110)).toEqual(b.mean(20, 20, 360, 110));
  });

  test('an asset:// photo appears in the image box', async () => {
    const up = await org.api.post('/v1/assets', solidPng(64, 64, [255, 0, 255]), { 'content-type': 'image/png' });
    expect(up.status).toBe(201);
    const img = await png(await render([{ name: 'photo', image_url: `asset://${up.body.id}` }]));
    const [r, g, b] = img.mean(320, 255, 60, 30);
    expect(r).toBeGreaterThan(240);
    expect(g).toBeLessThan(15);
    expect(b).toBeGreaterThan(240);
  });

  test('an allow-listed http image is fetched and drawn', async () => {
    const img = await png(await render([{ name: 'photo', image_url: `${fixtures.url}/green.png` }]));
    const [r, g, b] = img.mean(320, 255, 60, 30);
    expect([r < 15, g > 240, b < 15]).toEqual([true, true, true]);
  });

  test.each([
    ['loopback', 'http://127.0.0.1:9/x.png'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data'],
  ])('SSRF: an image_url at %s fails the render with ssrf_blocked', async (_name, url) => {
    const done = await render([{ name: 'photo', image_url: url }]);
    expect(done.status).toBe('failed');
    expect(done.error.code).toBe('ssrf_blocked');
    expect(done.result_url).toBeNull();
  });

  test('a render pinned to version 1 still renders version 1 after the template moves to version 2', async () => {
    const tpl = await createCardTemplate(org.api);
    const first = await org.api.post('/v1/images', { template_id: tpl.id });
    expect(first.body.template_version).toBe(1);
    const patched = await org.api.patch(`/v1/templates/${tpl.id}`, {
      placeholders: [{ name: 'bg', type: 'color', default: '#0000ff' }, { name: 'title', type: 'text', default: 'Hello' }, { name: 'photo', type: 'image', default: null }],
    });
    expect(patched.body.current_version).toBe(2);
    const v1 = await png(await waitForRender(org.api, 'image', first.body.id));
    const second = await org.api.post('/v1/images', { template_id: tpl.id }, { prefer: 'wait=60' });
    expect(second.body.template_version).toBe(2);
    const v2 = await png(second.body);
    expect(v1.mean(20, 20, 50, 50)).toEqual([0, 0, 0]);
    const [r, g, b] = v2.mean(20, 20, 50, 50);
    expect([r, g, b > 240]).toEqual([0, 0, true]);
  });

  test('422 names the modification for unknown placeholders and wrong value types', async () => {
    const res = await org.api.post('/v1/images', {
      template_id: templateId,
      modifications: [{ name: 'nope', text: 'x' }, { name: 'bg', text: 'red' }, { name: 'title', number: 3 }, { name: 'bg', color: 'not-a-colour' }],
    });
    expect(res.status).toBe(422);
    const fields = res.body.error.details.map((d: any) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['modifications[0].name', 'modifications[1].text', 'modifications[2].number', 'modifications[3].color']),
    );
  });

  test('image_url is bounded at 2048 characters', async () => {
    const base = `${fixtures.url}/green.png?pad=`;
    const at = (n: number) => [{ name: 'photo', image_url: base + 'x'.repeat(n - base.length) }];
    expect((await org.api.post('/v1/images', { template_id: templateId, modifications: at(2048) })).status).toBe(202);
    const res = await org.api.post('/v1/images', { template_id: templateId, modifications: at(2049) });
    expect(res.status).toBe(422);
    expect(res.body.error.details[0].field).toBe('modifications[0].image_url');
  });

  test('killing the render worker mid-render still completes the image, rendered once', async () => {
    slowHits = 0;
    const res = await org.api.post('/v1/images', {
      template_id: templateId,
      modifications: [{ name: 'photo', image_url: `${fixtures.url}/slow.png` }],
    });
    expect(res.status).toBe(202);
    // the page is now waiting on the slow image: kill -9 the worker in the middle of it
    const deadline = Date.now() + 20_000;
    while (slowHits === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(slowHits).toBe(1);
    // every render worker instance: with replicas (the cluster profile) any of them may hold the render
    await killAndRestartAll('render-worker');
    const done = await waitForRender(org.api, 'image', res.body.id, 90_000);
    expect(done.status).toBe('completed');
    expect(slowHits).toBeGreaterThanOrEqual(2);
    const row = await testDb()('renders').where({ id: res.body.id }).first();
    expect(row.render_count).toBe(1);
    const img = await png(done);
    const [r, g, b] = img.mean(320, 255, 60, 30);
    expect([r < 15, g < 15, b > 240]).toEqual([true, true, true]);
  });
});
