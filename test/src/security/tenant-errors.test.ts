import fs from 'node:fs';
import path from 'node:path';
import { closeTestDb, createCardTemplate, newOrg, stackInfo, waitFor, waitForRender, type TestOrg } from '../index';
import { closeTemporalClient, createWebhook, emitEvent, getAttempts, insertRender, temporalClient, waitForDelivery } from '../webhooks/webhook-test-kit';

// What a tenant reads when something is refused names the host and the rule, never the address a name resolved to
// (that would map internal DNS); the address goes to the service's log. And a template that times out is retried once.
const logOf = (service: string) => fs.readFileSync(path.join(stackInfo().logsDir, `${service}.log`), 'utf8');

describe('tenant-visible errors and retries', () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await newOrg();
  });
  afterAll(async () => {
    await closeTemporalClient();
    await closeTestDb();
  });

  test('a render blocked by a name that resolves to loopback names the host and rule; the address is only logged', async () => {
    const tpl = await createCardTemplate(org.api);
    const res = await org.api.post('/v1/images', { template_id: tpl.id, modifications: [{ name: 'photo', image_url: 'http://localhost:9/x.png' }] }, { prefer: 'wait=60' });
    const done = res.status === 200 ? res.body : await waitForRender(org.api, 'image', res.body.id);
    expect({ status: done.status, code: done.error?.code }).toEqual({ status: 'failed', code: 'ssrf_blocked' });
    expect(done.error.message).toMatch(/host localhost resolves to a non-public address/);
    expect(done.error.message).not.toMatch(/127\.0\.0\.1|::1/);
    await waitFor(async () => logOf('render-worker').includes(`"render_id":"${done.id}"`) && /localhost resolved to (127\.0\.0\.1|::1)/.test(logOf('render-worker')), {
      timeoutMs: 10_000,
      what: 'the resolved address in the render worker log',
    });
  });

  test('a webhook delivery to such a name fails naming the host and rule; the address is only logged', async () => {
    await createWebhook(org.api, 'http://localhost:9/hook');
    const [renderId] = await insertRender(org.orgId);
    const [id] = await emitEvent(org.orgId, 'image.completed', renderId!);
    const d = await waitForDelivery(id!);
    expect(d.status).toBe('failed');
    const [attempt] = await getAttempts(id!);
    expect(attempt.error).toMatch(/^ssrf_blocked: .*host localhost resolves to a non-public address/);
    expect(attempt.error).not.toMatch(/127\.0\.0\.1|::1/);
    const shown = await org.api.get(`/v1/webhooks/${d.webhook_id}/deliveries/${id}`);
    expect(JSON.stringify(shown.body.attempt_history)).not.toMatch(/127\.0\.0\.1/);
    await waitFor(async () => /localhost resolved to (127\.0\.0\.1|::1)/.test(logOf('webhook-worker')), { timeoutMs: 10_000, what: 'the address in the webhook worker log' });
  });

  test('a video chunk that times out because of its template is attempted twice, not six times', async () => {
    const tpl = await org.api.post('/v1/templates', {
      name: 'Stuck',
      type: 'video',
      width: 160,
      height: 90,
      composition_html: '<div>x</div><script>setTimeout(() => { for (;;) {} }, 200)</script>',
      canvas_data: { duration_seconds: 1, fps: 10 },
    });
    expect(tpl.status).toBe(201);
    const res = await org.api.post('/v1/videos', { template_id: tpl.body.id });
    const done = await waitForRender(org.api, 'video', res.body.id, 180_000);
    expect({ status: done.status, code: done.error?.code }).toEqual({ status: 'failed', code: 'render_timeout' });
    const client = await temporalClient();
    const history = await client.workflow.getHandle(`video-${done.id}`).fetchHistory();
    const attempts = (history.events ?? [])
      .map((e) => e.activityTaskStartedEventAttributes?.attempt)
      .filter((a): a is number => typeof a === 'number');
    expect(Math.max(...attempts)).toBe(2);
  }, 180_000);
});
