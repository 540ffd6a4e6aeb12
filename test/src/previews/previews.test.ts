import {
  CARD_HTML,
  closeTestDb,
  createCardTemplate,
  decodeFrames,
  decodePng,
  expectError,
  fieldsOf,
  newOrg,
  stackInfo,
  testDb,
  withTempFile,
  type TestOrg,
} from '../index';

// POST /v1/previews end to end: API -> Temporal (render queue) -> render worker Chromium -> bytes back, no row.
interface PreviewResponse {
  status: number;
  headers: Headers;
  bytes: Buffer;
  json: any;
}

async function preview(key: string, body: unknown): Promise<PreviewResponse> {
  const res = await fetch(`${stackInfo().apiUrl}/v1/previews`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(bytes.toString('utf8')) : null;
  return { status: res.status, headers: res.headers, bytes, json };
}
const asApi = (r: PreviewResponse) => ({ status: r.status, headers: r.headers, body: r.json });

const box = (color: string, extra = '') =>
  `<div id="b" data-placeholder="bg" data-placeholder-prop="background" style="position:absolute;inset:0;background:${color}"></div>${extra}`;
const unsaved = (overrides: Record<string, unknown> = {}) => ({
  type: 'image',
  width: 64,
  height: 48,
  composition_html: box('#ff0000'),
  placeholders: [{ name: 'bg', type: 'color', default: '#ff0000' }],
  ...overrides,
});
const near = (actual: number[], expected: number[], tol = 24) => actual.every((v, i) => Math.abs(v - expected[i]!) <= tol);

jest.setTimeout(180_000);

describe('POST /v1/previews', () => {
  let a: TestOrg;
  let b: TestOrg;
  beforeAll(async () => {
    [a, b] = await Promise.all([newOrg(), newOrg()]);
  });
  afterAll(closeTestDb);

  test('an unsaved template answers PNG bytes at its size, with RateLimit headers, and leaves no render row or delivery', async () => {
    const hook = await a.api.post('/v1/webhooks', { url: 'https://127.0.0.2:9/hook', events: ['*'] });
    expect(hook.status).toBe(201);
    const res = await preview(a.key, { template: unsaved(), modifications: [{ name: 'bg', color: '#00ff00' }] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    expect(Number(res.headers.get('ratelimit-remaining'))).toBe(Number(res.headers.get('ratelimit-limit')) - 1);
    const png = decodePng(res.bytes);
    expect([png.width, png.height]).toEqual([64, 48]);
    expect(near(png.mean(8, 8, 48, 32), [0, 255, 0])).toBe(true);

    const db = testDb();
    const [{ count: renders }] = await db('renders').where({ org_id: a.orgId }).count<{ count: string }[]>('* as count');
    const [{ count: deliveries }] = await db('webhook_deliveries').where({ org_id: a.orgId }).count<{ count: string }[]>('* as count');
    expect([Number(renders), Number(deliveries)]).toEqual([0, 0]);
    expect(await a.api.delete(`/v1/webhooks/${hook.body.id}`)).toMatchObject({ status: 204 });
  });

  test('the template format decides the bytes: jpeg and webp', async () => {
    for (const [format, type] of [['jpeg', 'image/jpeg'], ['webp', 'image/webp']]) {
      const res = await preview(a.key, { template: unsaved({ format }) });
      expect({ format, status: res.status, type: res.headers.get('content-type') }).toEqual({ format, status: 200, type });
    }
  });

  test('a saved template previews any of its versions', async () => {
    const tpl = await createCardTemplate(a.api);
    const v2 = await a.api.patch(`/v1/templates/${tpl.id}`, { composition_html: CARD_HTML.replace('background:#000000', 'background:#0000ff') });
    expect(v2.body.current_version).toBe(2);
    const blue = { name: 'bg', color: '#0000ff' };
    const one = decodePng((await preview(a.key, { template_id: tpl.id, version: 1 })).bytes);
    const two = decodePng((await preview(a.key, { template_id: tpl.id })).bytes);
    const oneBlue = decodePng((await preview(a.key, { template_id: tpl.id, version: 1, modifications: [blue] })).bytes);
    expect(near(one.mean(10, 10, 100, 100), [0, 0, 0])).toBe(true);
    expect(near(oneBlue.mean(10, 10, 100, 100), [0, 0, 255])).toBe(true);
    expect([two.width, two.height]).toEqual([400, 300]);
    const missing = await preview(a.key, { template_id: tpl.id, version: 3 });
    expectError(asApi(missing), 404, 'not_found');
    expect(fieldsOf(asApi(missing))).toEqual(['version']);
  });

  test('a video template answers the JPEG frame at time_seconds', async () => {
    const html = box('#ff0000', '<script>setTimeout(function () { document.getElementById("b").style.background = "#0000ff"; }, 1000)</script>');
    const template = unsaved({ type: 'video', composition_html: html, canvas_data: { duration_seconds: 2, fps: 10 } });
    const frameAt = async (time_seconds: number) => {
      const res = await preview(a.key, { template, time_seconds });
      expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({ status: 200, type: 'image/jpeg' });
      const [frame] = await withTempFile(res.bytes, 'jpg', (file) => decodeFrames(file, 64, 48));
      const mid = ((24 * 64 + 32) * 3);
      return [frame![mid]!, frame![mid + 1]!, frame![mid + 2]!];
    };
    expect(near(await frameAt(0), [255, 0, 0], 40)).toBe(true);
    expect(near(await frameAt(1.5), [0, 0, 255], 40)).toBe(true);
    const late = await preview(a.key, { template, time_seconds: 2 });
    expectError(asApi(late), 422, 'validation_failed');
    expect(fieldsOf(asApi(late))).toEqual(['time_seconds']);
  });

  test.each([
    ['width above 8192', { template: unsaved({ width: 8193 }) }, 'template.width'],
    ['height below 16', { template: unsaved({ height: 15 }) }, 'template.height'],
    ['empty html', { template: unsaved({ composition_html: '' }) }, 'template.composition_html'],
    ['format of the other type', { template: unsaved({ format: 'mp4' }) }, 'template.format'],
    ['more than 100 modifications', { template: unsaved(), modifications: Array.from({ length: 101 }, () => ({ name: 'bg', color: '#fff' })) }, 'modifications'],
    ['text longer than 10000', { template: unsaved(), modifications: [{ name: 'bg', text: 'x'.repeat(10001) }] }, 'modifications[0].text'],
    ['an unknown placeholder', { template: unsaved(), modifications: [{ name: 'nope', color: '#fff' }] }, 'modifications[0].name'],
    ['a value of the wrong type', { template: unsaved(), modifications: [{ name: 'bg', color: 'not a colour' }] }, 'modifications[0].color'],
    ['time_seconds above 60', { template: unsaved({ type: 'video', format: 'mp4' }), time_seconds: 61 }, 'time_seconds'],
    ['time_seconds on an image', { template: unsaved(), time_seconds: 1 }, 'time_seconds'],
    ['neither template nor template_id', { modifications: [] }, 'template'],
    ['both template and template_id', { template: unsaved(), template_id: '6f1d2c3b-4a59-4e6d-8c7b-9a0f1e2d3c4b' }, 'template'],
    ['version without template_id', { template: unsaved(), version: 1 }, 'version'],
  ])('422 naming the field: %s', async (_name, body, field) => {
    const res = asApi(await preview(a.key, body));
    expectError(res, 422);
    expect(fieldsOf(res)).toContain(field);
  });

  test('a body over BODY_LIMIT_BYTES answers 413', async () => {
    const res = asApi(await preview(a.key, { template: unsaved({ composition_html: 'x'.repeat(1_100_000) }) }));
    expectError(res, 413, 'payload_too_large');
  });

  test('the network guard: a private image_url or an HTML reference to a private host answers 422 ssrf_blocked', async () => {
    const template = unsaved({ composition_html: `${box('#fff')}<img data-placeholder="photo" src="" style="width:10px;height:10px">`, placeholders: [{ name: 'photo', type: 'image', default: null }] });
    const viaModification = asApi(await preview(a.key, { template, modifications: [{ name: 'photo', image_url: 'http://169.254.169.254/latest/meta-data' }] }));
    expectError(viaModification, 422, 'ssrf_blocked');
    expect(fieldsOf(viaModification)).toEqual(['modifications[0].image_url']);
    const viaHtml = asApi(await preview(a.key, { template: unsaved({ composition_html: `${box('#fff')}<img src="http://10.0.0.1/x.png">` }) }));
    expectError(viaHtml, 422, 'ssrf_blocked');
    expect(fieldsOf(viaHtml)).toEqual(['template.composition_html']);
  });

  test('org B cannot preview org A\'s template or any of its versions', async () => {
    const tpl = await createCardTemplate(a.api);
    for (const body of [{ template_id: tpl.id }, { template_id: tpl.id, version: 1 }]) {
      const res = await preview(b.key, body);
      expectError(asApi(res), 404, 'not_found');
      expect(res.bytes.toString('utf8')).not.toContain(CARD_HTML.slice(0, 40));
    }
  });

  test('its own rate limit: past PREVIEW_RATE_LIMIT_PER_MINUTE a key gets 429 with Retry-After', async () => {
    const c = await newOrg();
    // a template that does not exist still counts, and costs no render
    const body = { template_id: '00000000-0000-4000-8000-000000000000' };
    const first = await preview(c.key, body);
    expect(first.status).toBe(404);
    const limit = Number(first.headers.get('ratelimit-limit'));
    expect(limit).toBeGreaterThan(0);
    let last = first;
    for (let i = 1; i < limit; i++) last = await preview(c.key, body);
    expect([last.status, last.headers.get('ratelimit-remaining')]).toEqual([404, '0']);
    const over = await preview(c.key, body);
    expectError(asApi(over), 429, 'rate_limited');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // the limit is the preview's own: other routes of the same key still answer
    expect((await c.api.get('/v1/templates')).status).toBe(200);
  });
});
