import { revokeApiKey } from '@rp/db';
import { closeTestDb, newOrg, recordFigures, solidPng, startFixtureServer, testDb, waitFor, type FixtureServer, type TestOrg } from '../index';
import { expectError } from './security-kit';

// Tenant isolation: org B holding every one of org A's ids gets 404 everywhere, sees none of them in lists,
// and A's rows are untouched afterwards. The id-taking routes come from the live OpenAPI document, so a new
// route without an entry in `ids` fails this test instead of going unchecked.
jest.setTimeout(120_000);

describe('cross-org isolation', () => {
  let a: TestOrg;
  let b: TestOrg;
  let receiver: FixtureServer;
  const ids: Record<string, string> = {};
  const before = new Map<string, any>();

  // Every A-owned resource, re-read as A after the attack to prove it did not change.
  const readPaths = () => [
    `/v1/templates/${ids.template_id}`,
    `/v1/templates/${ids.template_id}/versions`,
    `/v1/people/${ids.person_id}`,
    `/v1/assets/${ids.asset_id}`,
    `/v1/images/${ids.image_id}`,
    `/v1/videos/${ids.video_id}`,
    `/v1/collections/${ids.collection_id}`,
    `/v1/webhooks/${ids.webhook_id}`,
    `/v1/webhooks/${ids.webhook_id}/deliveries/${ids.delivery_id}`,
    `/v1/schedules/${ids.schedule_id}`,
    `/v1/schedules/${ids.schedule_id}/runs`,
  ];
  // Signed URLs are minted on every read; a collection may still be running while B attacks. Nothing else may move
  // (updated_at included), and the delivery is final before the snapshot, so a redeliver by B would show.
  const COLLECTION_PROGRESS = new Set(['status', 'completed', 'failed', 'completed_at', 'started_at', 'zip_url', 'zip_storage_path', 'items']);
  const stable = (v: any, path: string): any => {
    if (Array.isArray(v)) return v.map((x) => stable(x, path));
    if (typeof v === 'string' && /[?&]expires=\d+&sig=/.test(v)) return '<signed url>';
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v)
        .filter(([k]) => !(path.startsWith('/v1/collections/') && COLLECTION_PROGRESS.has(k)))
        .map(([k, x]) => [k, stable(x, path)]));
    }
    return v;
  };

  // Longer than 60 lines on purpose: org a gets one resource of every kind, which each case below probes from org b.
  beforeAll(async () => {
    [a, b] = await Promise.all([newOrg(), newOrg()]);
    receiver = await startFixtureServer((_req, res) => res.end('ok'));
    const t = await a.api.post('/v1/templates', {
      name: 'Iso', type: 'image', format: 'png', width: 64, height: 64,
      composition_html: '<div data-placeholder="title" style="font:20px sans-serif">Hi</div>',
      placeholders: [{ name: 'title', type: 'text', default: 'Hi' }],
    });
    expect(t.status).toBe(201);
    ids.template_id = t.body.id;
    const bump = await a.api.patch(`/v1/templates/${ids.template_id}`, { composition_html: '<div data-placeholder="title">Hi 2</div>' });
    expect(bump.status).toBe(200);
    expect(bump.body.current_version).toBe(2);
    ids.version = '1';

    const asset = await a.api.post('/v1/assets?filename=dot.png', solidPng(8, 8, [0, 128, 255]), { 'content-type': 'image/png' });
    expect(asset.status).toBe(201);
    ids.asset_id = asset.body.id;
    const person = await a.api.post('/v1/people', { first_name: 'Alice', external_id: `ext-${a.orgId}`, photo_asset_id: ids.asset_id });
    expect(person.status).toBe(201);
    ids.person_id = person.body.id;
    ids.external_id = person.body.external_id;

    const hook = await a.api.post('/v1/webhooks', { url: `${receiver.url}/hook`, events: ['*'] });
    expect(hook.status).toBe(201);
    ids.webhook_id = hook.body.id;
    // paused, so it never runs during the test: its row and Temporal Schedule must stay as they are
    const schedule = await a.api.post('/v1/schedules', {
      name: 'Iso', template_id: ids.template_id, people: { birthday: 'today' }, at: '09:00', timezone: 'Europe/Berlin', enabled: false,
    });
    expect(schedule.status).toBe(201);
    ids.schedule_id = schedule.body.id;
    const urlKey = await a.api.post('/v1/url-keys', { name: 'iso' });
    expect(urlKey.status).toBe(201);
    ids.key_id = urlKey.body.id;

    const vt = await a.api.post('/v1/templates', {
      name: 'IsoVideo', type: 'video', width: 160, height: 90, composition_html: '<div style="width:160px;height:90px;background:#345"></div>',
    });
    expect(vt.status).toBe(201);
    ids.video_template_id = vt.body.id;

    const [image, video, collection] = await Promise.all([
      a.api.post('/v1/images', { template_id: ids.template_id }, { prefer: 'wait=60' }),
      a.api.post('/v1/videos', { template_id: ids.video_template_id, fps: 10, duration_seconds: 1 }, { prefer: 'wait=60' }),
      a.api.post('/v1/collections', { template_id: ids.template_id, items: [{ modifications: [{ name: 'title', text: 'one' }] }] }),
    ]);
    expect([image.status, image.body.status]).toEqual([200, 'completed']);
    expect(video.status).toBe(200);
    expect(collection.status).toBe(202);
    ids.image_id = image.body.id;
    ids.video_id = video.body.id;
    ids.collection_id = collection.body.id;

    // The completed image emitted image.completed to A's "*" webhook: that is the delivery B will try to reach.
    const deliveries = await waitFor(async () => {
      const r = await a.api.get(`/v1/webhooks/${ids.webhook_id}/deliveries`);
      return r.status === 200 && r.body.length > 0 ? r.body : null;
    }, { timeoutMs: 30_000, what: 'a delivery for A\'s webhook' });
    ids.delivery_id = deliveries[0].id;
    await waitFor(async () => {
      const r = await a.api.get(`/v1/webhooks/${ids.webhook_id}/deliveries/${ids.delivery_id}`);
      return r.body.status === 'succeeded' ? r.body : null;
    }, { timeoutMs: 30_000, what: 'A\'s delivery to succeed' });

    // The engine decision of each saved version settles after its save (the parity check runs in the background):
    // snapshotted while pending, the template would show the check's result after the attack, not B's doing.
    for (const p of [`/v1/templates/${ids.template_id}`, `/v1/templates/${ids.template_id}/versions`]) {
      await waitFor(async () => {
        const r = await a.api.get(p);
        return r.status === 200 && !JSON.stringify(r.body).includes('"parity_pending"') ? r.body : null;
      }, { timeoutMs: 120_000, what: `the engine decisions of ${p} settled` });
    }
    for (const p of readPaths()) {
      const r = await a.api.get(p);
      expect(r.status).toBe(200);
      before.set(p, r.body);
    }
  });

  afterAll(async () => {
    await receiver?.close();
    await closeTestDb();
  });

  // A valid body per write route, so that a 404 is about ownership and never a 422 about the body.
  const BODIES: Record<string, unknown> = {
    'PATCH /v1/templates/{template_id}': { name: 'stolen' },
    'PATCH /v1/people/{person_id}': { first_name: 'stolen' },
    'PATCH /v1/webhooks/{webhook_id}': { description: 'stolen', enabled: false },
    'PATCH /v1/schedules/{schedule_id}': { name: 'stolen' },
  };

  test('every id-taking operation in the OpenAPI document answers 404 to another org', async () => {
    const doc = await a.api.get('/v1/openapi.json');
    expect(doc.status).toBe(200);
    const ops: Array<{ method: string; path: string }> = [];
    for (const [path, item] of Object.entries<any>(doc.body.paths)) {
      // /u/ render URLs take no API key: their signature is the credential (cross-org cases in test/src/render-urls)
      if (!path.includes('{') || !path.startsWith('/v1/')) continue;
      for (const method of Object.keys(item)) {
        if (['get', 'post', 'patch', 'put', 'delete'].includes(method)) ops.push({ method: method.toUpperCase(), path });
      }
    }
    expect(ops.length).toBeGreaterThanOrEqual(20);

    const unmapped = ops.flatMap(({ path }) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)).filter((p) => !(p in ids));
    expect(unmapped).toEqual([]);
    const missingBodies = ops.filter((o) => (o.method === 'PATCH' || o.method === 'PUT') && !(`${o.method} ${o.path}` in BODIES));
    expect(missingBodies).toEqual([]);

    // Reads first, then writes, deletes last: a broken guard on a read is reported before a write could mask it.
    const rank = (m: string) => (m === 'GET' ? 0 : m === 'DELETE' ? 2 : 1);
    ops.sort((x, y) => rank(x.method) - rank(y.method));
    const failures: string[] = [];
    for (const { method, path } of ops) {
      const url = path.replace(/\{(\w+)\}/g, (_, p: string) => ids[p]!);
      const res = await b.api.request(method, url, BODIES[`${method} ${path}`]);
      try {
        expectError(res, 404, 'not_found');
      } catch {
        failures.push(`${method} ${path} -> ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    recordFigures('isolation', { id_taking_operations: ops.length, answered_404: ops.length - failures.length });
  });

  test('lists and list filters never show another org\'s ids', async () => {
    const doc = await b.api.get('/v1/openapi.json');
    const lists = Object.entries<any>(doc.body.paths).filter(([p, item]) => !p.includes('{') && item.get && p !== '/v1/openapi.json').map(([p]) => p);
    expect(lists).toEqual(expect.arrayContaining(['/v1/templates', '/v1/people', '/v1/assets', '/v1/images', '/v1/videos', '/v1/collections', '/v1/webhooks']));
    const filtered = [
      `/v1/images?template_id=${ids.template_id}`,
      `/v1/images?collection_id=${ids.collection_id}`,
      `/v1/videos?template_id=${ids.video_template_id}`,
      `/v1/videos?collection_id=${ids.collection_id}`,
      `/v1/people?external_id=${encodeURIComponent(ids.external_id!)}`,
    ];
    const secret = Object.entries(ids).filter(([k]) => k !== 'version').map(([, v]) => v);
    for (const path of [...lists, ...filtered]) {
      const res = await b.api.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect(Array.isArray(res.body)).toBe(true);
      if (filtered.includes(path)) expect({ path, body: res.body }).toEqual({ path, body: [] });
      for (const id of secret) expect({ path, leaked: res.text.includes(id) }).toEqual({ path, leaked: false });
    }
  });

  test('B cannot build on A\'s template or asset', async () => {
    expectError(await b.api.post('/v1/images', { template_id: ids.template_id }), 404, 'not_found');
    expectError(await b.api.post('/v1/videos', { template_id: ids.video_template_id, fps: 10, duration_seconds: 1 }), 404, 'not_found');
    expectError(await b.api.post('/v1/collections', { template_id: ids.template_id, items: [{ modifications: [] }] }), 404, 'not_found');
    expectError(await b.api.post('/v1/collections/from-people', { template_id: ids.template_id, people: {} }), 404, 'not_found');
    const person = await b.api.post('/v1/people', { first_name: 'Mallory', photo_asset_id: ids.asset_id });
    expectError(person, 422, 'validation_failed');
    expect(person.body.error.details.map((d: any) => d.field)).toContain('photo_asset_id');
    // The rejected person left nothing behind.
    expect((await b.api.get('/v1/people')).body).toEqual([]);
  });

  test('A\'s resources are unchanged after the attack', async () => {
    for (const p of readPaths()) {
      const r = await a.api.get(p);
      expect({ p, status: r.status }).toEqual({ p, status: 200 });
      expect(stable(r.body, p)).toEqual(stable(before.get(p), p));
    }
    const t = await a.api.get(`/v1/templates/${ids.template_id}`);
    expect(t.body.name).toBe('Iso');
    expect((await a.api.get(`/v1/people/${ids.person_id}`)).body.first_name).toBe('Alice');
    const hook = await a.api.get(`/v1/webhooks/${ids.webhook_id}`);
    expect(hook.body.enabled).toBe(true);
    expect(hook.body.description).not.toBe('stolen');
  });

  test('a revoked key answers 401', async () => {
    const extra = await newOrg();
    expect((await extra.api.get('/v1/templates')).status).toBe(200);
    await revokeApiKey(testDb(), extra.keyId);
    expectError(await extra.api.get('/v1/templates'), 401, 'unauthorized');
    expectError(await extra.api.get(`/v1/templates/${ids.template_id}`), 401, 'unauthorized');
  });
});
