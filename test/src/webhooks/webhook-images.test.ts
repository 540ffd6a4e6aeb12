import { Webhook } from 'standardwebhooks';
import { closeTestDb, createCardTemplate, newOrg, testDb, waitFor, waitForRender } from '../index';
import { startReceiver, type Receiver } from './webhook-test-kit';

// The whole path: POST /v1/images with webhook_url -> render workflow -> emitEvent -> signed delivery.
describe('image webhook_url', () => {
  let rx: Receiver;
  beforeAll(async () => {
    rx = await startReceiver(() => ({ status: 200, body: 'thanks' }));
  });
  afterAll(async () => {
    await rx.close();
    await closeTestDb();
  });

  // a render that times out on an overloaded machine fires image.failed instead: the path under test is the same
  test('a finished image fires one signed delivery (image.completed / image.failed) to its webhook_url', async () => {
    const o = await newOrg();
    const { id: templateId } = await createCardTemplate(o.api);
    const url = `${rx.url}/image-done`;
    const res = await o.api.post('/v1/images', { template_id: templateId, modifications: [{ name: 'title', text: 'Hooked' }], webhook_url: url });
    expect([200, 202]).toContain(res.status);
    const image = await waitForRender(o.api, 'image', res.body.id);
    const type = `image.${image.status}`;
    expect(image.webhook_id).toBeTruthy();

    await waitFor(async () => rx.hits.some((h) => h.path === '/image-done'), { timeoutMs: 30_000, what: 'the image webhook' });
    await new Promise((r) => setTimeout(r, 1500)); // a duplicate would arrive by now
    const hits = rx.hits.filter((h) => h.path === '/image-done');
    expect(hits).toHaveLength(1);

    const hook = await testDb()('webhooks').where({ id: image.webhook_id }).first();
    expect(hook).toMatchObject({ implicit: true, url, org_id: o.orgId });
    const h = hits[0]!;
    const payload = new Webhook(hook.secret).verify(h.body, {
      'webhook-id': h.id,
      'webhook-timestamp': h.timestamp,
      'webhook-signature': h.signature,
    }) as any;
    expect(payload).toMatchObject({ type, data: { id: image.id, object: 'image', status: image.status } });
    expect(payload.timestamp).toBe(image.completed_at ?? image.started_at ?? image.created_at);

    const listed = await o.api.get(`/v1/webhooks/${image.webhook_id}/deliveries`);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({ id: h.id, event_type: type, status: 'succeeded', http_status: 200, attempts: 1, response_body: 'thanks' });
  });
});
