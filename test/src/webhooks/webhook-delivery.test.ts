import { Webhook } from 'standardwebhooks';
import { SA, workflowIds } from '@rp/workflow-safe';
import { closeTestDb, newOrg, stackInfo, startFixtureServer, testDb, type TestOrg } from '../index';
import {
  closeTemporalClient,
  createWebhook,
  emitEvent,
  getAttempts,
  getDelivery,
  insertRender,
  startReceiver,
  temporalClient,
  waitForDelivery,
  workerCounter,
  type Receiver,
} from './webhook-test-kit';

// Deliveries end to end: emitEvent -> one delivery workflow each (webhook worker) -> a real receiver on 127.0.0.2.
// The test stack's schedule is 0,1s,1s,2s,2s: five attempts within about six seconds.
describe('webhook deliveries', () => {
  let org: TestOrg;
  let rx: Receiver;
  beforeAll(async () => {
    org = await newOrg();
    rx = await startReceiver((hit, nth) => {
      if (hit.path === '/flaky') return nth <= 2 ? { status: 500, body: `boom ${nth}` } : { status: 200, body: 'finally' };
      if (hit.path === '/gone') return { status: 410, body: 'gone' };
      if (hit.path === '/busy') return nth === 1 ? { status: 429, body: 'slow down', headers: { 'retry-after': '3' } } : { status: 204 };
      return { status: 200, body: '{"ok":true}' };
    });
  });
  afterAll(async () => {
    await rx.close();
    await closeTemporalClient();
    await closeTestDb();
  });

  // each scenario gets its own org-level webhook, so it is the only subscriber of its events
  const scenario = async (path: string, events: string[] = ['image.completed']) => {
    const o = await newOrg();
    const hook = await createWebhook(o.api, `${rx.url}${path}`, events);
    const [renderId] = await insertRender(o.orgId);
    const ids = await emitEvent(o.orgId, 'image.completed', renderId!);
    expect(ids).toHaveLength(1);
    return { o, hook, renderId: renderId!, deliveryId: ids[0]! };
  };

  test('one signed delivery, verified by the receiver with standardwebhooks; payload is the API resource', async () => {
    const starts = async () => ({
      eager: await workerCounter('webhook_workflow_starts_total', 'kind="eager"'),
      queued: await workerCounter('webhook_workflow_starts_total', 'kind="queued"'),
    });
    const startsBefore = await starts();
    const hook = await createWebhook(org.api, `${rx.url}/ok`, ['image.completed', 'video.failed']);
    const [renderId] = await insertRender(org.orgId);
    const [deliveryId] = await emitEvent(org.orgId, 'image.completed', renderId!);
    const d = await waitForDelivery(deliveryId!);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 1, http_status: 200, response_body: '{"ok":true}', next_retry_at: null });
    expect(d.delivered_at).not.toBeNull();

    const [hit] = rx.hitsFor(deliveryId!);
    expect(hit!.headers['content-type']).toBe('application/json');
    expect(hit!.headers['user-agent']).toMatch(/render-platform/);
    const verified = new Webhook(hook.secret).verify(hit!.body, {
      'webhook-id': hit!.id,
      'webhook-timestamp': hit!.timestamp,
      'webhook-signature': hit!.signature,
    }) as any;
    expect(verified.type).toBe('image.completed');
    const render = await testDb()('renders').where({ id: renderId }).first();
    expect(verified.timestamp).toBe(render.completed_at.toISOString());
    expect(verified.data).toMatchObject({ id: renderId, object: 'image', status: 'completed', org_id: org.orgId });
    expect(verified.data.result_url).toMatch(/\/files\/.+\?expires=\d+&sig=/);

    // its workflow, started by the webhook worker: one workflow task whose attempt is a local activity (a marker, no
    // activity task), found by org, webhook and status. Eager start is the server's to grant: the dev server grants
    // it here; the cluster profile's Temporal server may decline (best effort), and the start then goes through the
    // task queue with the same history.
    const startsAfter = await starts();
    expect(startsAfter.eager + startsAfter.queued).toBeGreaterThan(startsBefore.eager + startsBefore.queued);
    if (stackInfo().profile !== 'cluster') expect(startsAfter.eager).toBeGreaterThan(startsBefore.eager);
    const handle = (await temporalClient()).workflow.getHandle(workflowIds.webhookDelivery(deliveryId!));
    expect(await handle.result()).toEqual({ outcome: 'succeeded', attempts: 1 });
    const events = (await handle.fetchHistory()).events ?? [];
    expect(events.filter((e) => e.workflowTaskCompletedEventAttributes)).toHaveLength(1);
    expect(events.filter((e) => e.markerRecordedEventAttributes)).toHaveLength(1);
    expect(events.some((e) => e.activityTaskScheduledEventAttributes)).toBe(false);
    const sa = (await handle.describe()).typedSearchAttributes;
    expect([sa.get(SA.OrgId), sa.get(SA.WebhookId), sa.get(SA.DeliveryStatus)]).toEqual([org.orgId, hook.id, 'succeeded']);

    // the API lists it (spec 4.7) and re-emitting the same event never duplicates it
    const listed = await org.api.get(`/v1/webhooks/${hook.id}/deliveries`);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({ id: deliveryId, event_type: 'image.completed', status: 'succeeded', attempts: 1 });
    expect(await emitEvent(org.orgId, 'image.completed', renderId!)).toEqual([deliveryId]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(rx.hitsFor(deliveryId!)).toHaveLength(1);
    // not subscribed: no delivery
    expect(await emitEvent(org.orgId, 'image.failed', renderId!)).toEqual([]);
  });

  test('500, 500, then 200: three attempts, each recorded with its status and body', async () => {
    const { deliveryId } = await scenario('/flaky');
    const retrying = await waitForDelivery(deliveryId, (x) => x.status === 'retrying');
    expect(retrying.next_retry_at).not.toBeNull();
    expect(retrying.http_status).toBe(500);
    const d = await waitForDelivery(deliveryId);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 3, http_status: 200, response_body: 'finally', next_retry_at: null });
    expect(d.delivered_at).not.toBeNull();
    const attempts = await getAttempts(deliveryId);
    expect(attempts.map((a: any) => [a.attempt, a.http_status, a.response_body])).toEqual([
      [1, 500, 'boom 1'],
      [2, 500, 'boom 2'],
      [3, 200, 'finally'],
    ]);
    const hits = rx.hitsFor(deliveryId);
    expect(hits).toHaveLength(3);
    // webhook-id is stable across retries; the body too; the gaps follow the schedule (1 s)
    expect(new Set(hits.map((h) => h.body)).size).toBe(1);
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(900);
  });

  test('a receiver that is down: retries with next_retry_at, then failed after the last attempt', async () => {
    const closed = await startFixtureServer(() => undefined);
    await closed.close(); // nothing listens on this port of 127.0.0.2 any more
    const o = await newOrg();
    await createWebhook(o.api, `${closed.url}/down`, ['*']);
    const [renderId] = await insertRender(o.orgId, { kind: 'video', status: 'failed' });
    const [deliveryId] = await emitEvent(o.orgId, 'video.failed', renderId!);
    const retrying = await waitForDelivery(deliveryId!, (x) => x.status === 'retrying');
    expect(retrying.next_retry_at).not.toBeNull();
    expect(retrying.http_status).toBeNull();
    const d = await waitForDelivery(deliveryId!, undefined, 90_000);
    expect(d).toMatchObject({ status: 'failed', attempts: 5, http_status: null, response_body: null, next_retry_at: null, delivered_at: null });
    const attempts = await getAttempts(deliveryId!);
    expect(attempts).toHaveLength(5);
    for (const a of attempts) expect(a.error).toMatch(/ECONNREFUSED/);
  });

  test('410 Gone disables the webhook and fails the delivery at once', async () => {
    const { o, hook, deliveryId } = await scenario('/gone');
    const d = await waitForDelivery(deliveryId);
    expect(d).toMatchObject({ status: 'failed', attempts: 1, http_status: 410, next_retry_at: null });
    const got = await o.api.get(`/v1/webhooks/${hook.id}`);
    expect(got.body.enabled).toBe(false);
    expect(got.body.disabled_reason).toMatch(/410/);
    // a disabled webhook gets no further deliveries
    const [other] = await insertRender(o.orgId);
    expect(await emitEvent(o.orgId, 'image.completed', other!)).toEqual([]);
  });

  test('429 with Retry-After waits at least that long, not the 1 s of the schedule', async () => {
    const { deliveryId } = await scenario('/busy');
    const d = await waitForDelivery(deliveryId, undefined, 60_000);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 2, http_status: 204 });
    const hits = rx.hitsFor(deliveryId);
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(2900);
  });

  test('blocked targets (127.0.0.1, 169.254.169.254) fail with a recorded SSRF error and are never contacted', async () => {
    let contacted = 0;
    const local = await startFixtureServer((_req, res) => {
      contacted++;
      res.end('should not happen');
    }, '127.0.0.1');
    try {
      const o = await newOrg();
      await createWebhook(o.api, `${local.url}/hook`);
      await createWebhook(o.api, 'http://169.254.169.254/latest/meta-data');
      const [renderId] = await insertRender(o.orgId);
      const ids = await emitEvent(o.orgId, 'image.completed', renderId!);
      expect(ids).toHaveLength(2);
      for (const id of ids) {
        const d = await waitForDelivery(id);
        expect(d).toMatchObject({ status: 'failed', attempts: 1, http_status: null });
        const [attempt] = await getAttempts(id);
        expect(attempt.error).toMatch(/^ssrf_blocked: .*not public/);
        const detail = await o.api.get(`/v1/webhooks/${d.webhook_id}/deliveries/${id}`);
        expect(detail.body.attempt_history[0].error).toMatch(/ssrf_blocked/);
      }
      expect(contacted).toBe(0);
    } finally {
      await local.close();
    }
  });

  test("a render's webhook_url is served by its implicit webhook; redeliver starts a new series", async () => {
    const o = await newOrg();
    const url = `${rx.url}/implicit`;
    const [renderId] = await insertRender(o.orgId, { webhookUrl: url });
    const [deliveryId] = await emitEvent(o.orgId, 'image.completed', renderId!);
    const d = await waitForDelivery(deliveryId!);
    expect(d.status).toBe('succeeded');
    const hook = await testDb()('webhooks').where({ id: d.webhook_id }).first();
    expect(hook).toMatchObject({ implicit: true, url, org_id: o.orgId });
    expect(new Webhook(hook.secret).verify(rx.hitsFor(deliveryId!)[0]!.body, rx.hitsFor(deliveryId!)[0]!.headers as any)).toBeTruthy();

    const res = await o.api.post(`/v1/webhooks/${hook.id}/deliveries/${deliveryId}/redeliver`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id: deliveryId, status: 'pending', attempts: 0 });
    await waitForDelivery(deliveryId!, (x) => x.series === 2 && x.status === 'succeeded');
    const hits = rx.hitsFor(deliveryId!);
    expect(hits).toHaveLength(2);
    expect(hits[1]!.body).toBe(hits[0]!.body);
    expect((await getAttempts(deliveryId!)).map((a: any) => [a.series, a.attempt])).toEqual([[1, 1], [2, 1]]);
    const detail = await o.api.get(`/v1/webhooks/${hook.id}/deliveries/${deliveryId}`);
    expect(detail.body).toMatchObject({ series: 2, status: 'succeeded', attempts: 1 });
    expect(detail.body.attempt_history).toHaveLength(2);
    expect((await getDelivery(deliveryId!)).delivered_at).not.toBeNull();
  });
});
