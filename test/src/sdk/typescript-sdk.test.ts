import {
  ApiError,
  RenderPlatform,
  createCollection,
  createPerson,
  createPreview,
  createTemplate,
  createWebhook,
  listPeople,
  paginate,
  verifyWebhook,
  type Person,
} from '@render-platform/sdk';
import { startReceiver, type Receiver } from '../webhooks/webhook-test-kit';
import { closeTestDb, decodePng, newOrg, stackInfo, waitFor, type TestOrg } from '../index';

// The TypeScript SDK (sdk/typescript) against the real stack, as a user would call it: generated calls with the
// configured client, and the hand-written helpers (waits, pagination, retries, webhook verification, typed errors).
jest.setTimeout(240_000);

const card = (w: number, h: number) =>
  `<div style="width:${w}px;height:${h}px;background:#0b5;font:bold 20px sans-serif" data-placeholder="title">Hello</div>`;

describe('TypeScript SDK against the stack', () => {
  let org: TestOrg;
  let rp: RenderPlatform;
  let templateId: string;
  let rx: Receiver;
  const statuses: number[] = [];
  const keys: (string | null)[] = [];
  beforeAll(async () => {
    org = await newOrg();
    rx = await startReceiver(() => ({ status: 204 }));
    const recording: typeof fetch = async (input, init) => {
      keys.push(new Headers(input instanceof Request ? input.headers : init?.headers).get('Idempotency-Key'));
      const res = await fetch(input, init);
      statuses.push(res.status);
      return res;
    };
    rp = new RenderPlatform({ baseUrl: stackInfo().apiUrl, apiKey: org.key, fetch: recording });
    const { data } = await createTemplate({
      client: rp.client,
      body: { name: 'sdk card', type: 'image', width: 320, height: 200, composition_html: card(320, 200), placeholders: [{ name: 'title', type: 'text', default: 'Hello' }] },
    });
    templateId = data.id;
  });
  afterAll(async () => {
    await rx.close();
    await closeTestDb();
  });

  test('renderImage waits for the final record; the PNG decodes at the template size', async () => {
    const image = await rp.renderImage({ template_id: templateId, modifications: [{ name: 'title', text: 'From the SDK' }] });
    expect(image.status).toBe('completed');
    const png = decodePng(Buffer.from(await (await fetch(image.result_url!)).arrayBuffer()));
    expect([png.width, png.height]).toEqual([320, 200]);
  });

  test('a collection: created with an idempotency key set by the client, waited for, items iterated', async () => {
    const items = ['Ada', 'Ben', 'Cy'].map((t) => ({ modifications: [{ name: 'title', text: t }] }));
    keys.length = 0;
    const { data } = await createCollection({ client: rp.client, body: { template_id: templateId, items } });
    // the operation answers a collection (201) or, with `preflight: true`, the items' warnings (200)
    if (!('id' in data)) throw new Error('expected a collection, not a preflight');
    const key = keys[0];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // the key the client chose makes the create safe to repeat: the same key answers the same collection
    const again = await createCollection({ client: rp.client, body: { template_id: templateId, items }, headers: { 'Idempotency-Key': key! } });
    expect('id' in again.data && again.data.id).toBe(data.id);
    const done = await rp.waitForCollection(data.id);
    expect(done.status).toBe('completed');
    const results = (done.items ?? []).map((i) => [i.index, i.status]);
    expect(results).toEqual([[0, 'completed'], [1, 'completed'], [2, 'completed']]);
    for (const item of done.items ?? []) {
      const png = decodePng(Buffer.from(await (await fetch(item.result_url!)).arrayBuffer()));
      expect([png.width, png.height]).toEqual([320, 200]);
    }
  });

  test('a webhook delivery verifies with the SDK verifier, and not with another secret', async () => {
    const { data: hook } = await createWebhook({ client: rp.client, body: { url: `${rx.url}/sdk-ts`, events: ['image.completed'] } });
    const image = await rp.renderImage({ template_id: templateId, modifications: [{ name: 'title', text: 'hook' }] });
    const hit = await waitFor(async () => rx.hits.find((h) => h.path === '/sdk-ts' && h.body.includes(image.id)) ?? null, { timeoutMs: 60_000, what: 'the delivery' });
    const event = verifyWebhook<{ type: string; data: { id: string; status: string } }>(hit.body, hit.headers as Record<string, string>, hook.secret);
    expect(event.type).toBe('image.completed');
    expect(event.data).toMatchObject({ id: image.id, status: 'completed' });
    expect(() => verifyWebhook(hit.body, hit.headers as Record<string, string>, 'whsec_' + Buffer.alloc(24, 7).toString('base64'))).toThrow();
  });

  test('paginate walks 250 people across cursor pages, each once', async () => {
    const o = await newOrg();
    const client = new RenderPlatform({ baseUrl: stackInfo().apiUrl, apiKey: o.key }).client;
    for (let i = 0; i < 250; i++) await createPerson({ client, body: { first_name: `P${i}`, sector: 'sdk' } });
    const seen: Person[] = [];
    for await (const p of paginate((query) => listPeople({ client, query: { ...query, sector: 'sdk' } }), 100)) seen.push(p);
    expect(seen).toHaveLength(250);
    expect(new Set(seen.map((p) => p.id)).size).toBe(250);
    expect(new Set(seen.map((p) => p.first_name))).toEqual(new Set(Array.from({ length: 250 }, (_, i) => `P${i}`)));
  });

  test('typed errors carry the code and the field', async () => {
    const err = await createPerson({ client: rp.client, body: { first_name: '' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(422);
    expect((err as ApiError).code).toBe('validation_failed');
    expect((err as ApiError).detailsFor('first_name')).toHaveLength(1);
    expect((err as ApiError).requestId).toBeTruthy();
  });

  test('after a 429 the client waits for Retry-After and the request succeeds', async () => {
    // spend this key's preview window (PREVIEW_RATE_LIMIT_PER_MINUTE) with previews of a template that does not exist
    const missing = { template_id: '00000000-0000-4000-8000-000000000000' };
    const first = (await createPreview({ client: rp.client, body: missing }).catch((e: unknown) => e)) as ApiError;
    expect(first.status).toBe(404);
    const left = Number(first.headers.get('RateLimit-Remaining'));
    expect(left).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < left; i++) await createPreview({ client: rp.client, body: missing }).catch(() => undefined);
    statuses.length = 0;
    const { data, response } = await createPreview({ client: rp.client, body: { template_id: templateId }, parseAs: 'arrayBuffer' });
    expect(statuses[0]).toBe(429);
    expect(response.status).toBe(200);
    const png = decodePng(Buffer.from(data as unknown as ArrayBuffer));
    expect([png.width, png.height]).toEqual([320, 200]);
  });
});

