import crypto from 'node:crypto';
import { apiEnvSchema } from '@rp/api';
import { ensureImplicitWebhook } from '@rp/db';
import { closeTestDb, fieldsOf, newOrg, testDb, type TestOrg } from '../index';

// The webhooks resource: subscriptions, secrets, validation, org isolation and the deliveries list (spec 4.7).
describe('webhooks API', () => {
  let a: TestOrg;
  let b: TestOrg;
  beforeAll(async () => {
    [a, b] = await Promise.all([newOrg(), newOrg()]);
  });
  afterAll(closeTestDb);

  test('create answers 201 with a whsec_ secret once; get, list, patch, rotate and soft delete', async () => {
    const created = await a.api.post('/v1/webhooks', { url: 'https://example.com/hook', events: ['image.completed'], description: 'mine' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: 'https://example.com/hook', events: ['image.completed'], enabled: true, implicit: false, disabled_reason: null });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const raw = Buffer.from(created.body.secret.slice(6), 'base64').length;
    expect(raw).toBeGreaterThanOrEqual(24);
    expect(raw).toBeLessThanOrEqual(32);
    const id = created.body.id;

    const got = await a.api.get(`/v1/webhooks/${id}`);
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    expect((await a.api.get('/v1/webhooks')).body.map((w: any) => w.id)).toContain(id);

    const patched = await a.api.patch(`/v1/webhooks/${id}`, { events: ['*'], enabled: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ events: ['*'], enabled: false });
    expect((await a.api.patch(`/v1/webhooks/${id}`, { enabled: true })).body).toMatchObject({ enabled: true, disabled_reason: null });

    const rotated = await a.api.post(`/v1/webhooks/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);

    expect((await a.api.delete(`/v1/webhooks/${id}`)).status).toBe(204);
    expect((await a.api.get(`/v1/webhooks/${id}`)).status).toBe(404);
    expect((await a.api.get(`/v1/webhooks/${id}/deliveries`)).status).toBe(404);
    const row = await testDb()('webhooks').where({ id }).first();
    expect(row.deleted_at).not.toBeNull(); // soft
  });

  test('422 names the field for a bad url, events or body', async () => {
    for (const url of ['ftp://example.com/x', 'not a url', 'http://', `https://example.com/${'a'.repeat(2048)}`]) {
      const res = await a.api.post('/v1/webhooks', { url });
      expect(res.status).toBe(422);
      expect(fieldsOf(res)).toContain('url');
    }
    const noUrl = await a.api.post('/v1/webhooks', { events: ['*'] });
    expect(noUrl.status).toBe(422);
    expect(fieldsOf(noUrl)).toContain('url');
    const badEvent = await a.api.post('/v1/webhooks', { url: 'https://example.com', events: ['image.exploded'] });
    expect(badEvent.status).toBe(422);
    expect(fieldsOf(badEvent).some((f: string) => f.startsWith('events'))).toBe(true);
    expect((await a.api.post('/v1/webhooks', { url: 'https://example.com', events: [] })).status).toBe(422);
    expect((await a.api.post('/v1/webhooks', { url: 'https://example.com', color: 'red' })).status).toBe(422);
    expect((await a.api.post('/v1/webhooks', { url: 'HTTPS://EXAMPLE.COM/x' })).status).toBe(201);
  });

  test('an org has at most WEBHOOK_LIMIT_PER_ORG webhooks, even under concurrent creates; implicit ones do not count', async () => {
    const limit = apiEnvSchema.properties.WEBHOOK_LIMIT_PER_ORG.default; // the test stack keeps the default
    const org = await newOrg();
    await ensureImplicitWebhook(testDb(), org.orgId, 'https://example.com/implicit');
    const results = await Promise.all(
      Array.from({ length: limit + 5 }, (_, i) => org.api.post('/v1/webhooks', { url: `https://example.com/h${i}` })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(limit).fill(201), ...Array(5).fill(409)]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.error.code).toBe('webhook_limit_reached');
    expect(fieldsOf(refused)).toEqual(['url']);
    const explicit = await testDb()('webhooks').where({ org_id: org.orgId, implicit: false }).whereNull('deleted_at').count<{ count: string }[]>('* as count');
    expect(Number(explicit[0]!.count)).toBe(limit);

    // a deleted webhook frees its place; the next create is refused again
    expect((await org.api.delete(`/v1/webhooks/${results.find((r) => r.status === 201)!.body.id}`)).status).toBe(204);
    expect((await org.api.post('/v1/webhooks', { url: 'https://example.com/again' })).status).toBe(201);
    expect((await org.api.post('/v1/webhooks', { url: 'https://example.com/over' })).status).toBe(409);
  });

  test('another org gets 404 for the webhook, its deliveries and its changes', async () => {
    const { id } = (await a.api.post('/v1/webhooks', { url: 'https://example.com/a' })).body;
    expect((await b.api.get(`/v1/webhooks/${id}`)).status).toBe(404);
    expect((await b.api.get(`/v1/webhooks/${id}/deliveries`)).status).toBe(404);
    expect((await b.api.patch(`/v1/webhooks/${id}`, { enabled: false })).status).toBe(404);
    expect((await b.api.post(`/v1/webhooks/${id}/rotate-secret`)).status).toBe(404);
    expect((await b.api.delete(`/v1/webhooks/${id}`)).status).toBe(404);
    expect((await b.api.get('/v1/webhooks')).body.map((w: any) => w.id)).not.toContain(id);
  });

  test('deliveries list: limit 1-100 (0 and 101 are 422), default 20, newest first, cursor pages', async () => {
    const { id } = (await a.api.post('/v1/webhooks', { url: 'https://example.com/list' })).body;
    const base = Date.parse('2026-01-01T00:00:00Z');
    // 25 rows with distinct created_at, inserted directly: the listing, not delivery, is under test
    await testDb()('webhook_deliveries').insert(
      Array.from({ length: 25 }, (_, i) => ({
        org_id: a.orgId,
        webhook_id: id,
        event_id: `image.completed:${crypto.randomUUID()}`,
        event_type: 'image.completed',
        status: i % 2 ? 'succeeded' : 'failed',
        attempts: 1,
        payload: JSON.stringify({ type: 'image.completed', timestamp: new Date(base).toISOString(), data: { n: i } }),
        created_at: new Date(base + i * 1000),
      })),
    );
    for (const limit of [0, 101, -1]) {
      const res = await a.api.get(`/v1/webhooks/${id}/deliveries?limit=${limit}`);
      expect(res.status).toBe(422);
      expect(fieldsOf(res)).toContain('limit');
    }
    const first = await a.api.get(`/v1/webhooks/${id}/deliveries`, { authorization: `Bearer ${a.key}` });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(20);
    expect(first.body[0].payload.data.n).toBe(24);
    expect(Object.keys(first.body[0]).sort()).toEqual(
      ['attempts', 'created_at', 'delivered_at', 'event_type', 'http_status', 'id', 'next_retry_at', 'payload', 'response_body', 'status', 'webhook_id'].sort(),
    );
    const cursor = first.headers.get('next-cursor');
    expect(cursor).toBeTruthy();
    const second = await a.api.get(`/v1/webhooks/${id}/deliveries?cursor=${cursor}`);
    expect(second.body.map((d: any) => d.payload.data.n)).toEqual([4, 3, 2, 1, 0]);
    expect(second.headers.get('next-cursor')).toBeNull();
    expect((await a.api.get(`/v1/webhooks/${id}/deliveries?limit=100`)).body).toHaveLength(25);
    expect((await a.api.get(`/v1/webhooks/${id}/deliveries?limit=1`)).body).toHaveLength(1);
    const failed = await a.api.get(`/v1/webhooks/${id}/deliveries?status=failed&limit=100`);
    expect(failed.body).toHaveLength(13);

    const one = first.body[0];
    const detail = await a.api.get(`/v1/webhooks/${id}/deliveries/${one.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: one.id, series: 1, attempt_history: [] });
    expect((await b.api.get(`/v1/webhooks/${id}/deliveries/${one.id}`)).status).toBe(404);
  });

  test('redeliver is refused while a delivery is in progress or the webhook is disabled', async () => {
    const { id } = (await a.api.post('/v1/webhooks', { url: 'https://example.com/r' })).body;
    const [d] = await testDb()('webhook_deliveries')
      .insert({ org_id: a.orgId, webhook_id: id, event_id: 'x:1', event_type: 'image.completed', status: 'retrying', payload: '{}' })
      .returning('id');
    const res = await a.api.post(`/v1/webhooks/${id}/deliveries/${d.id}/redeliver`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('delivery_in_progress');
    await a.api.patch(`/v1/webhooks/${id}`, { enabled: false });
    expect((await a.api.post(`/v1/webhooks/${id}/deliveries/${d.id}/redeliver`)).body.error.code).toBe('webhook_disabled');
  });

  test('implicit webhooks: one per org and URL under concurrency, listed, url and events fixed', async () => {
    const url = `https://example.com/implicit/${crypto.randomUUID()}`;
    const ids = await Promise.all(Array.from({ length: 8 }, () => ensureImplicitWebhook(testDb(), a.orgId, url)));
    expect(new Set(ids).size).toBe(1);
    expect(await ensureImplicitWebhook(testDb(), b.orgId, url)).not.toBe(ids[0]);
    const got = await a.api.get(`/v1/webhooks/${ids[0]}`);
    expect(got.body).toMatchObject({ implicit: true, url, enabled: true });
    const res = await a.api.patch(`/v1/webhooks/${ids[0]}`, { url: 'https://example.com/elsewhere' });
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toContain('url');
    // a receiver's 410 disabled it; a render naming the URL again turns it back on
    await testDb()('webhooks').where({ id: ids[0] }).update({ enabled: false, disabled_reason: 'receiver answered 410 Gone' });
    expect(await ensureImplicitWebhook(testDb(), a.orgId, url)).toBe(ids[0]);
    expect((await a.api.get(`/v1/webhooks/${ids[0]}`)).body).toMatchObject({ enabled: true, disabled_reason: null });
  });
});
