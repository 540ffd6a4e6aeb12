import crypto from 'node:crypto';
import {
  closeTestDb,
  killAndRestartAll,
  createCardTemplate,
  decodePng,
  fetchBytes,
  isQuick,
  newOrg,
  readZip,
  testDb,
  waitFor,
  waitForCollection,
  type TestOrg,
} from '../index';

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('collections', () => {
  let org: TestOrg;
  let templateId: string;
  beforeAll(async () => {
    org = await newOrg();
    templateId = (await createCardTemplate(org.api)).id;
  });
  afterAll(closeTestDb);

  const items = (n: number, extra: (i: number) => object = () => ({})) =>
    Array.from({ length: n }, (_, i) => ({ modifications: [{ name: 'title', text: `Item ${i}` }], metadata: { i }, ...extra(i) }));

  test('bounds: 0 and 501 items, and a 201-character name, answer 422; 500 and 200 characters are accepted', async () => {
    for (const [body, field] of [
      [{ template_id: templateId, items: [] }, 'items'],
      [{ template_id: templateId, items: items(501) }, 'items'],
      [{ template_id: templateId, items: items(1), name: 'n'.repeat(201) }, 'name'],
    ] as const) {
      const res = await org.api.post('/v1/collections', body);
      expect(res.status).toBe(422);
      expect(res.body.error.details.map((d: any) => d.field)).toContain(field);
    }
    const ok = await org.api.post('/v1/collections', { template_id: templateId, items: items(1), name: 'n'.repeat(200) });
    expect(ok.status).toBe(202);
    expect(ok.body).toMatchObject({ status: 'pending', total: 1, completed: 0, failed: 0, type: 'image', zip_url: null });
  });

  test('one invalid item rejects the whole request, naming the item, and starts nothing', async () => {
    const before = await testDb()('renders').where({ org_id: org.orgId }).count<{ count: number }[]>('* as count');
    const bad = items(5);
    bad[3] = { modifications: [{ name: 'nope', text: 'x' }], metadata: {} } as any;
    const res = await org.api.post('/v1/collections', { template_id: templateId, items: bad });
    expect(res.status).toBe(422);
    expect(res.body.error.details[0].field).toBe('items[3].modifications[0].name');
    const after = await testDb()('renders').where({ org_id: org.orgId }).count<{ count: number }[]>('* as count');
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  test('Idempotency-Key returns the same collection; a different body with that key answers 409', async () => {
    const key = crypto.randomUUID();
    const body = { template_id: templateId, items: items(2) };
    const a = await org.api.post('/v1/collections', body, { 'idempotency-key': key });
    const b = await org.api.post('/v1/collections', body, { 'idempotency-key': key });
    expect(a.status).toBe(202);
    expect(b.body.id).toBe(a.body.id);
    const c = await org.api.post('/v1/collections', { ...body, items: items(3) }, { 'idempotency-key': key });
    expect(c.status).toBe(409);
    expect(c.body.error.code).toBe('idempotency_key_reused');
  });

  test('items that reference an unreachable image fail; the rest complete; the zip holds the good ones', async () => {
    const list = items(12, (i) => (i % 4 === 1 ? { modifications: [{ name: 'photo', image_url: 'http://127.0.0.2:1/missing.png' }] } : {}));
    const res = await org.api.post('/v1/collections', { template_id: templateId, items: list, name: 'mixed' });
    expect(res.status).toBe(202);
    const done = await waitForCollection(org, res.body.id, 120_000);
    expect(done).toMatchObject({ status: 'completed_with_errors', total: 12, completed: 9, failed: 3 });
    expect(done.items).toHaveLength(12);
    for (const item of done.items) {
      expect(item.status).toBe(item.index % 4 === 1 ? 'failed' : 'completed');
      if (item.status === 'failed') expect(item.error.code).toBe('asset_unreachable');
    }
    const zip = await readZip((await fetchBytes(done.zip_url)).body);
    expect(zip.size).toBe(9);
  });

  test('a 500-item collection completes with 500 distinct valid images in its zip', async () => {
    const n = isQuick() ? 60 : 500;
    const res = await org.api.post('/v1/collections', {
      template_id: templateId,
      items: items(n, (i) => ({ metadata: { filename: `card-${i}.png` } })),
    });
    expect(res.status).toBe(202);
    // live counts move while it runs
    const mid = await waitFor(async () => {
      const r = await org.api.get(`/v1/collections/${res.body.id}`);
      return r.body.completed > 0 ? r.body : null;
    }, { timeoutMs: 120_000 });
    expect(mid.completed + mid.failed).toBeLessThanOrEqual(n);
    const done = await waitForCollection(org, res.body.id, 900_000);
    expect(done).toMatchObject({ status: 'completed', total: n, completed: n, failed: 0 });
    expect(done.items.map((i: any) => i.index)).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(done.zip_storage_path).toMatch(/collection\.zip$/);
    expect(done.completed_at).toBeTruthy();
    const zip = await readZip((await fetchBytes(done.zip_url)).body);
    expect(zip.size).toBe(n);
    const hashes = new Set<string>();
    for (const [name, bytes] of zip) {
      expect(name).toMatch(/^\d{3}-card-\d+\.png$/);
      const img = decodePng(bytes);
      expect([img.width, img.height]).toEqual([400, 300]);
      hashes.add(sha(bytes));
    }
    expect(hashes.size).toBe(n);
  }, 900_000);

  test('killing the render worker and the API mid-collection loses no item and renders none twice', async () => {
    const n = isQuick() ? 40 : 200;
    const res = await org.api.post('/v1/collections', { template_id: templateId, items: items(n) });
    expect(res.status).toBe(202);
    const id = res.body.id;
    await waitFor(async () => (await org.api.get(`/v1/collections/${id}`)).body.completed >= 5, { timeoutMs: 120_000 });
    // every instance of each (the cluster profile runs replicas): no survivor carries the collection through
    await killAndRestartAll('render-worker');
    await killAndRestartAll('api', 1000);
    const done = await waitForCollection(org, id, 900_000);
    expect(done).toMatchObject({ status: 'completed', total: n, completed: n, failed: 0 });
    const rows = await testDb()('renders').where({ collection_id: id }).select('collection_index', 'render_count', 'status');
    expect(rows).toHaveLength(n);
    expect(rows.every((r: any) => r.render_count === 1 && r.status === 'completed')).toBe(true);
    expect(new Set(rows.map((r: any) => r.collection_index)).size).toBe(n);
  }, 900_000);
});
